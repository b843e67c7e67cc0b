CREATE TABLE "attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"type_id" integer,
	"order" integer DEFAULT 0 NOT NULL,
	"is_remote" boolean DEFAULT false NOT NULL,
	"is_approved" smallint DEFAULT 1 NOT NULL,
	"file_path" text NOT NULL,
	"thumb_path" text DEFAULT '' NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_size" integer NOT NULL,
	"file_type" varchar(100) NOT NULL,
	"width" integer DEFAULT 0 NOT NULL,
	"height" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attachments_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE INDEX "attachments_type_id_idx" ON "attachments" USING btree ("type","type_id");--> statement-breakpoint
CREATE INDEX "attachments_user_id_idx" ON "attachments" USING btree ("user_id");