CREATE TABLE "dialog_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dialog_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"message_text" varchar(450) DEFAULT '' NOT NULL,
	"attachment_id" integer,
	"image_url" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dialogs" (
	"id" serial PRIMARY KEY NOT NULL,
	"sender_user_id" integer NOT NULL,
	"recipient_user_id" integer NOT NULL,
	"last_message_id" bigint,
	"sender_unread" integer DEFAULT 0 NOT NULL,
	"recipient_unread" integer DEFAULT 0 NOT NULL,
	"sender_read_at" timestamp with time zone,
	"recipient_read_at" timestamp with time zone,
	"sender_deleted_at" timestamp with time zone,
	"recipient_deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_tpls" (
	"id" serial PRIMARY KEY NOT NULL,
	"notice_id" varchar(64) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"type" smallint DEFAULT 0 NOT NULL,
	"type_name" varchar(64) NOT NULL,
	"title" varchar(200) DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"vars" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"template_id" varchar(100) DEFAULT '' NOT NULL,
	"first_data" text DEFAULT '' NOT NULL,
	"keywords_data" text DEFAULT '' NOT NULL,
	"remark_data" text DEFAULT '' NOT NULL,
	"color" varchar(32) DEFAULT '' NOT NULL,
	"redirect_type" smallint DEFAULT 0 NOT NULL,
	"redirect_url" text DEFAULT '' NOT NULL,
	"page_path" text DEFAULT '' NOT NULL,
	"is_error" smallint DEFAULT 0 NOT NULL,
	"error_msg" text DEFAULT '' NOT NULL,
	"push_type" smallint DEFAULT 0 NOT NULL,
	"delay_time" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" varchar(32) NOT NULL,
	"sender_id" integer,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(32) NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dialog_messages_dialog_idx" ON "dialog_messages" USING btree ("dialog_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "dialogs_pair_uq" ON "dialogs" USING btree (least("sender_user_id", "recipient_user_id"),greatest("sender_user_id", "recipient_user_id"));--> statement-breakpoint
CREATE INDEX "dialogs_sender_idx" ON "dialogs" USING btree ("sender_user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "dialogs_recipient_idx" ON "dialogs" USING btree ("recipient_user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "notification_tpls_notice_type_uq" ON "notification_tpls" USING btree ("notice_id","type");--> statement-breakpoint
CREATE INDEX "notifications_user_type_idx" ON "notifications" USING btree ("user_id","type","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id","type") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "user_events_user_idx" ON "user_events" USING btree ("user_id","id");