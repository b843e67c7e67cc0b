CREATE TABLE "access_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"refresh_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"refresh_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(300) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"ip" varchar(64) PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(100) NOT NULL,
	"nickname" varchar(100) DEFAULT '' NOT NULL,
	"password_hash" text DEFAULT '' NOT NULL,
	"pay_password_hash" text DEFAULT '' NOT NULL,
	"mobile" varchar(20) DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"background" text DEFAULT '' NOT NULL,
	"signature" varchar(200) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"ban_reason" text DEFAULT '' NOT NULL,
	"register_reason" text DEFAULT '' NOT NULL,
	"register_ip" varchar(64) DEFAULT '' NOT NULL,
	"last_login_ip" varchar(64) DEFAULT '' NOT NULL,
	"login_at" timestamp with time zone,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expired_at" timestamp with time zone,
	"thread_count" integer DEFAULT 0 NOT NULL,
	"post_count" integer DEFAULT 0 NOT NULL,
	"follow_count" integer DEFAULT 0 NOT NULL,
	"fans_count" integer DEFAULT 0 NOT NULL,
	"liked_count" integer DEFAULT 0 NOT NULL,
	"bind_type" smallint DEFAULT 0 NOT NULL,
	"username_bout" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_permissions" (
	"group_id" integer NOT NULL,
	"permission" varchar(100) NOT NULL,
	CONSTRAINT "group_permissions_group_id_permission_pk" PRIMARY KEY("group_id","permission")
);
--> statement-breakpoint
CREATE TABLE "group_user" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"type" varchar(50) DEFAULT '' NOT NULL,
	"color" varchar(20) DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_display" boolean DEFAULT false NOT NULL,
	"is_paid" boolean DEFAULT false NOT NULL,
	"fee" integer DEFAULT 0 NOT NULL,
	"days" integer DEFAULT 0 NOT NULL,
	"level" smallint DEFAULT 0 NOT NULL,
	"description" varchar(100) DEFAULT '' NOT NULL,
	"notice" varchar(400) DEFAULT '' NOT NULL,
	"scale" smallint DEFAULT 0 NOT NULL,
	"is_subordinate" boolean DEFAULT false NOT NULL,
	"is_commission" boolean DEFAULT false NOT NULL,
	"time_range" integer DEFAULT 0 NOT NULL,
	"content_range" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" varchar(100) NOT NULL,
	"tag" varchar(50) DEFAULT 'default' NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	CONSTRAINT "settings_key_tag_pk" PRIMARY KEY("key","tag")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"property" smallint DEFAULT 0 NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"thread_count" integer DEFAULT 0 NOT NULL,
	"moderators" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_permissions" ADD CONSTRAINT "group_permissions_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_user" ADD CONSTRAINT "group_user_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_tokens_token_uq" ON "access_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "access_tokens_refresh_uq" ON "access_tokens" USING btree ("refresh_hash");--> statement-breakpoint
CREATE INDEX "access_tokens_user_idx" ON "access_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_uq" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_nickname_idx" ON "users" USING btree ("nickname");--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("status");--> statement-breakpoint
CREATE INDEX "group_user_group_idx" ON "group_user" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id","sort");