CREATE TABLE "group_paid_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"order_id" integer,
	"operator_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"delete_type" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "group_user_mqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"remain_days" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" smallint NOT NULL,
	"code" char(32) NOT NULL,
	"group_id" integer,
	"user_id" integer NOT NULL,
	"to_user_id" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_distributions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"inviter_id" integer NOT NULL,
	"be_scale" smallint DEFAULT 0 NOT NULL,
	"is_subordinate" boolean DEFAULT false NOT NULL,
	"is_commission" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "group_paid_users_user_idx" ON "group_paid_users" USING btree ("user_id","group_id");--> statement-breakpoint
CREATE INDEX "group_user_mqs_user_idx" ON "group_user_mqs" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invites_code_uq" ON "invites" USING btree ("code");--> statement-breakpoint
CREATE INDEX "invites_user_idx" ON "invites" USING btree ("user_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "user_distributions_user_uq" ON "user_distributions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_distributions_inviter_idx" ON "user_distributions" USING btree ("inviter_id");--> statement-breakpoint
CREATE INDEX "group_user_expires_idx" ON "group_user" USING btree ("expires_at") WHERE "group_user"."expires_at" IS NOT NULL;