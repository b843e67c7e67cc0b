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
CREATE UNIQUE INDEX "stop_words_find_lower_uq" ON "stop_words" USING btree (lower("find"));