ALTER TABLE "ledger_entries" ADD COLUMN "reason" integer;
--> statement-breakpoint
-- Hand-written backfill: each existing entry takes its transaction's reason, with the numbers that changed to
-- the original's catalogue (bounty 120–123 → 160/120/121/122, recharge 1002 → 180). The append-only trigger
-- is switched off for this one update only.
ALTER TABLE "ledger_entries" DISABLE TRIGGER "ledger_entries_append_only_trg";
--> statement-breakpoint
UPDATE "ledger_entries" e SET "reason" = CASE t."reason"
	WHEN 120 THEN 160 WHEN 121 THEN 120 WHEN 122 THEN 121 WHEN 123 THEN 122 WHEN 1002 THEN 180
	ELSE t."reason" END
FROM "ledger_transactions" t WHERE t."id" = e."transaction_id";
--> statement-breakpoint
ALTER TABLE "ledger_entries" ENABLE TRIGGER "ledger_entries_append_only_trg";
--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "reason" SET NOT NULL;
