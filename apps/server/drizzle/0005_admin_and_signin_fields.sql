CREATE TABLE "admin_sign_in_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"type" smallint DEFAULT 0 NOT NULL,
	"fields_ext" text DEFAULT '' NOT NULL,
	"fields_desc" varchar(500) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_sign_in_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"aid" integer NOT NULL,
	"user_id" integer NOT NULL,
	"fields_ext" text DEFAULT '' NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"path" varchar(200) NOT NULL,
	"input" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "user_sign_in_fields_user_aid_uq" ON "user_sign_in_fields" USING btree ("user_id","aid");--> statement-breakpoint
CREATE INDEX "user_sign_in_fields_aid_idx" ON "user_sign_in_fields" USING btree ("aid");--> statement-breakpoint
CREATE INDEX "admin_actions_created_idx" ON "admin_actions" USING btree ("created_at" DESC NULLS LAST);