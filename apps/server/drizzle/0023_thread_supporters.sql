ALTER TABLE "threads" ADD COLUMN "rewarded_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_thread_paid_idx" ON "orders" USING btree ("thread_id","type","paid_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "orders"."status" = 1 and "orders"."thread_id" is not null;--> statement-breakpoint
-- Hand-written below. Threads tipped before this migration get their count from their paid tip orders.
UPDATE "threads" t SET "rewarded_count" = s.n
FROM (SELECT "thread_id", count(*)::integer AS n FROM "orders"
	WHERE "type" = 2 AND "status" = 1 AND "thread_id" IS NOT NULL GROUP BY "thread_id") s
WHERE t."id" = s."thread_id";
--> statement-breakpoint
-- The tip kind's fulfil (order type 2), in a wallet batch and on the single path alike: the thread's tip count,
-- as thread_purchase_fulfil counts sales. It never refuses.
CREATE FUNCTION "thread_tip_fulfil"(o "orders") RETURNS text LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "threads" SET "rewarded_count" = "rewarded_count" + 1 WHERE "id" = o."thread_id";
	RETURN NULL;
END $$;
