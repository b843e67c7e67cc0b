CREATE TABLE "red_packet_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"red_packet_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"post_id" integer,
	"amount_fen" bigint NOT NULL,
	"transaction_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "red_packet_grants_user_uq" UNIQUE("red_packet_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "red_packets" (
	"id" serial PRIMARY KEY NOT NULL,
	"thread_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rule" smallint NOT NULL,
	"condition" smallint NOT NULL,
	"likenum" integer DEFAULT 0 NOT NULL,
	"number" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"remain_number" integer NOT NULL,
	"remain_fen" bigint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"order_sn" varchar(22),
	"paid_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "red_packets_thread_uq" UNIQUE("thread_id"),
	CONSTRAINT "red_packets_remain_ck" CHECK ("red_packets"."remain_fen" >= 0 and "red_packets"."remain_number" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reward_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"reward_id" integer NOT NULL,
	"post_id" integer,
	"user_id" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"transaction_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_payouts_post_uq" UNIQUE("reward_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "thread_rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"thread_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"answer_id" integer,
	"amount_fen" bigint NOT NULL,
	"remain_fen" bigint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"expired_at" timestamp with time zone NOT NULL,
	"order_sn" varchar(22),
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thread_rewards_thread_uq" UNIQUE("thread_id"),
	CONSTRAINT "thread_rewards_remain_ck" CHECK ("thread_rewards"."remain_fen" >= 0)
);
--> statement-breakpoint
CREATE INDEX "red_packets_open_idx" ON "red_packets" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "thread_rewards_open_idx" ON "thread_rewards" USING btree ("status","expired_at");