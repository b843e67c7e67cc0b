CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_sn" varchar(22) NOT NULL,
	"type" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"amount_fen" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"payee_id" integer,
	"thread_id" integer,
	"group_id" integer,
	"payment_type" smallint,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"create_key" text,
	"pay_key" text,
	"pay_result" jsonb,
	"provider" text,
	"provider_trade_no" text,
	"ledger_transaction_id" bigint,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_order_sn_uq" UNIQUE("order_sn"),
	CONSTRAINT "orders_create_key_uq" UNIQUE("user_id","create_key"),
	CONSTRAINT "orders_amount_ck" CHECK ("orders"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "pay_notifies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"order_sn" text,
	"verified" boolean NOT NULL,
	"outcome" text NOT NULL,
	"raw" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_notifies_event_uq" UNIQUE("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "pay_password_guards" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"reset_token_hash" text,
	"reset_expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_pending_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 0;