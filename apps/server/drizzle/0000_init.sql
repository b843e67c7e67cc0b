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
CREATE TABLE "thread_favorites" (
	"thread_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thread_favorites_thread_id_user_id_pk" PRIMARY KEY("thread_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "thread_toms" (
	"thread_id" integer NOT NULL,
	"key" varchar(40) NOT NULL,
	"tom_type" varchar(40) NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thread_toms_thread_id_key_pk" PRIMARY KEY("thread_id","key")
);
--> statement-breakpoint
CREATE TABLE "thread_vote_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"vote_id" integer NOT NULL,
	"content" varchar(50) NOT NULL,
	"vote_count" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "thread_vote_users" (
	"vote_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thread_vote_users_vote_id_user_id_option_id_pk" PRIMARY KEY("vote_id","user_id","option_id")
);
--> statement-breakpoint
CREATE TABLE "thread_votes" (
	"id" serial PRIMARY KEY NOT NULL,
	"thread_id" integer NOT NULL,
	"title" varchar(100) DEFAULT '' NOT NULL,
	"choice_type" smallint DEFAULT 1 NOT NULL,
	"vote_users" integer DEFAULT 0 NOT NULL,
	"expired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "threads" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"last_posted_user_id" integer,
	"category_id" integer NOT NULL,
	"title" varchar(200) DEFAULT '' NOT NULL,
	"post_count" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"share_count" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"favorite_count" integer DEFAULT 0 NOT NULL,
	"paid_count" integer DEFAULT 0 NOT NULL,
	"reply_seq" integer DEFAULT 0 NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"attachment_price" bigint DEFAULT 0 NOT NULL,
	"free_words" double precision DEFAULT 0 NOT NULL,
	"longitude" double precision DEFAULT 0 NOT NULL,
	"latitude" double precision DEFAULT 0 NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"location" varchar(200) DEFAULT '' NOT NULL,
	"tom_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"is_approved" smallint DEFAULT 1 NOT NULL,
	"is_sticky" boolean DEFAULT false NOT NULL,
	"stick_sort" integer DEFAULT 0 NOT NULL,
	"is_essence" boolean DEFAULT false NOT NULL,
	"is_site" boolean DEFAULT false NOT NULL,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"is_draft" boolean DEFAULT false NOT NULL,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issue_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_user_id" integer
);
--> statement-breakpoint
CREATE TABLE "user_thread_sticks" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"thread_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_likes" (
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_likes_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "post_mentions" (
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_mentions_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"thread_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reply_post_id" integer DEFAULT 0 NOT NULL,
	"reply_user_id" integer DEFAULT 0 NOT NULL,
	"comment_post_id" integer DEFAULT 0 NOT NULL,
	"comment_user_id" integer DEFAULT 0 NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"is_first" boolean DEFAULT false NOT NULL,
	"is_comment" boolean DEFAULT false NOT NULL,
	"is_approved" smallint DEFAULT 1 NOT NULL,
	"mod_words" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_user_id" integer
);
--> statement-breakpoint
CREATE TABLE "emoji" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" varchar(20) DEFAULT 'qq' NOT NULL,
	"url" varchar(200) NOT NULL,
	"code" varchar(40) NOT NULL,
	"order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "thread_topics" (
	"thread_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	CONSTRAINT "thread_topics_thread_id_topic_id_pk" PRIMARY KEY("thread_id","topic_id")
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"content" varchar(100) NOT NULL,
	"thread_count" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"recommended" boolean DEFAULT false NOT NULL,
	"recommended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"reported_user_id" integer DEFAULT 0 NOT NULL,
	"thread_id" integer DEFAULT 0 NOT NULL,
	"post_id" integer DEFAULT 0 NOT NULL,
	"type" smallint NOT NULL,
	"reason" varchar(200) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stop_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"find" varchar(200) NOT NULL,
	"replacement" varchar(200) DEFAULT '**' NOT NULL,
	"ugc" varchar(10) DEFAULT '{IGNORE}' NOT NULL,
	"username" varchar(10) DEFAULT '{IGNORE}' NOT NULL,
	"signature" varchar(10) DEFAULT '{IGNORE}' NOT NULL,
	"dialog" varchar(10) DEFAULT '{IGNORE}' NOT NULL,
	"nickname" varchar(10) DEFAULT '{IGNORE}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_permissions" ADD CONSTRAINT "group_permissions_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_user" ADD CONSTRAINT "group_user_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_tokens_token_uq" ON "access_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "access_tokens_refresh_uq" ON "access_tokens" USING btree ("refresh_hash");--> statement-breakpoint
CREATE INDEX "access_tokens_user_idx" ON "access_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_uq" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_nickname_idx" ON "users" USING btree ("nickname");--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("status");--> statement-breakpoint
CREATE INDEX "users_nickname_trgm_idx" ON "users" USING gin (lower("nickname") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin (lower("username") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "group_user_group_idx" ON "group_user" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "thread_favorites_user_idx" ON "thread_favorites" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "thread_vote_options_vote_idx" ON "thread_vote_options" USING btree ("vote_id","sort");--> statement-breakpoint
CREATE INDEX "thread_votes_thread_idx" ON "thread_votes" USING btree ("thread_id");--> statement-breakpoint
CREATE INDEX "threads_public_created_idx" ON "threads" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "threads"."deleted_at" is null and "threads"."is_draft" = false and "threads"."is_approved" = 1;--> statement-breakpoint
CREATE INDEX "threads_live_created_idx" ON "threads" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "threads"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "threads_live_cover_idx" ON "threads" USING btree ("category_id","is_approved","is_draft","user_id") WHERE "threads"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "threads_public_category_idx" ON "threads" USING btree ("category_id") WHERE "threads"."deleted_at" is null and "threads"."is_draft" = false and "threads"."is_approved" = 1;--> statement-breakpoint
CREATE INDEX "threads_category_created_idx" ON "threads" USING btree ("category_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "threads_user_idx" ON "threads" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "threads_posted_idx" ON "threads" USING btree ("posted_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "threads_sticky_idx" ON "threads" USING btree ("stick_sort") WHERE "threads"."is_sticky" = true;--> statement-breakpoint
CREATE INDEX "threads_tom_types_idx" ON "threads" USING gin ("tom_types");--> statement-breakpoint
CREATE INDEX "threads_search_vector_idx" ON "threads" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "threads_title_trgm_idx" ON "threads" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "post_likes_user_idx" ON "post_likes" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "post_mentions_user_idx" ON "post_mentions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "posts_replies_seq_idx" ON "posts" USING btree ("thread_id","seq") WHERE "posts"."is_first" = false and "posts"."is_comment" = false;--> statement-breakpoint
CREATE INDEX "posts_first_idx" ON "posts" USING btree ("thread_id") WHERE "posts"."is_first" = true;--> statement-breakpoint
CREATE INDEX "posts_comments_idx" ON "posts" USING btree ("reply_post_id","id") WHERE "posts"."is_comment" = true;--> statement-breakpoint
CREATE INDEX "posts_user_idx" ON "posts" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "emoji_code_uq" ON "emoji" USING btree ("code");--> statement-breakpoint
CREATE INDEX "thread_topics_topic_idx" ON "thread_topics" USING btree ("topic_id");--> statement-breakpoint
CREATE UNIQUE INDEX "topics_content_uq" ON "topics" USING btree (lower("content"));--> statement-breakpoint
CREATE INDEX "topics_thread_count_idx" ON "topics" USING btree ("thread_count");--> statement-breakpoint
CREATE INDEX "reports_status_idx" ON "reports" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "stop_words_find_lower_uq" ON "stop_words" USING btree (lower("find"));--> statement-breakpoint
CREATE INDEX "attachments_type_id_idx" ON "attachments" USING btree ("type","type_id");--> statement-breakpoint
CREATE INDEX "attachments_user_id_idx" ON "attachments" USING btree ("user_id");