CREATE TABLE "wallet_cash" (
	"id" serial PRIMARY KEY NOT NULL,
	"cash_sn" text NOT NULL,
	"user_id" integer NOT NULL,
	"apply_fen" bigint NOT NULL,
	"fee_fen" bigint NOT NULL,
	"actual_fen" bigint NOT NULL,
	"receive_account" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"reviewer_id" integer,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"trade_time" timestamp with time zone,
	CONSTRAINT "wallet_cash_sn_uq" UNIQUE("cash_sn"),
	CONSTRAINT "wallet_cash_key_uq" UNIQUE("idempotency_key"),
	CONSTRAINT "wallet_cash_status_ck" CHECK ("wallet_cash"."status" BETWEEN 1 AND 6),
	CONSTRAINT "wallet_cash_amounts_ck" CHECK ("wallet_cash"."apply_fen" > 0 AND "wallet_cash"."fee_fen" >= 0 AND "wallet_cash"."actual_fen" = "wallet_cash"."apply_fen" - "wallet_cash"."fee_fen")
);
--> statement-breakpoint
CREATE INDEX "wallet_cash_user_idx" ON "wallet_cash" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wallet_cash_status_idx" ON "wallet_cash" USING btree ("status","id" DESC NULLS LAST);