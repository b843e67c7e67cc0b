CREATE TABLE "thread_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"thread_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"order_sn" varchar(22) NOT NULL,
	"amount_fen" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thread_purchases_uq" UNIQUE("user_id","thread_id","type")
);
--> statement-breakpoint
CREATE INDEX "thread_purchases_user_idx" ON "thread_purchases" USING btree ("user_id","id" DESC NULLS LAST);