CREATE TABLE "deny_users" (
	"user_id" integer NOT NULL,
	"deny_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deny_users_user_id_deny_user_id_pk" PRIMARY KEY("user_id","deny_user_id")
);
--> statement-breakpoint
CREATE TABLE "user_follow" (
	"from_user_id" integer NOT NULL,
	"to_user_id" integer NOT NULL,
	"is_mutual" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_follow_from_user_id_to_user_id_pk" PRIMARY KEY("from_user_id","to_user_id")
);
--> statement-breakpoint
CREATE INDEX "deny_users_denied_idx" ON "deny_users" USING btree ("deny_user_id");--> statement-breakpoint
CREATE INDEX "user_follow_to_idx" ON "user_follow" USING btree ("to_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_follow_from_idx" ON "user_follow" USING btree ("from_user_id","created_at" DESC NULLS LAST);