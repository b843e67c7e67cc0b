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
CREATE INDEX "thread_favorites_user_idx" ON "thread_favorites" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "thread_vote_options_vote_idx" ON "thread_vote_options" USING btree ("vote_id","sort");--> statement-breakpoint
CREATE INDEX "thread_votes_thread_idx" ON "thread_votes" USING btree ("thread_id");--> statement-breakpoint
CREATE INDEX "threads_public_created_idx" ON "threads" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "threads"."deleted_at" is null and "threads"."is_draft" = false and "threads"."is_approved" = 1;--> statement-breakpoint
CREATE INDEX "threads_category_created_idx" ON "threads" USING btree ("category_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "threads_user_idx" ON "threads" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "threads_posted_idx" ON "threads" USING btree ("posted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "threads_sticky_idx" ON "threads" USING btree ("stick_sort") WHERE "threads"."is_sticky" = true;--> statement-breakpoint
CREATE INDEX "threads_tom_types_idx" ON "threads" USING gin ("tom_types");--> statement-breakpoint
CREATE INDEX "post_likes_user_idx" ON "post_likes" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "post_mentions_user_idx" ON "post_mentions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "posts_replies_seq_idx" ON "posts" USING btree ("thread_id","seq") WHERE "posts"."is_first" = false and "posts"."is_comment" = false;--> statement-breakpoint
CREATE INDEX "posts_first_idx" ON "posts" USING btree ("thread_id") WHERE "posts"."is_first" = true;--> statement-breakpoint
CREATE INDEX "posts_comments_idx" ON "posts" USING btree ("reply_post_id","id") WHERE "posts"."is_comment" = true;--> statement-breakpoint
CREATE INDEX "posts_user_idx" ON "posts" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "emoji_code_uq" ON "emoji" USING btree ("code");--> statement-breakpoint
CREATE INDEX "thread_topics_topic_idx" ON "thread_topics" USING btree ("topic_id");--> statement-breakpoint
CREATE UNIQUE INDEX "topics_content_uq" ON "topics" USING btree (lower("content"));--> statement-breakpoint
CREATE INDEX "topics_thread_count_idx" ON "topics" USING btree ("thread_count");--> statement-breakpoint
CREATE INDEX "reports_status_idx" ON "reports" USING btree ("status","created_at" DESC NULLS LAST);