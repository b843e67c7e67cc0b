-- Hand-written. Part 1: the ledger posting made cheaper for PostgreSQL (measured: about half its CPU went to
-- planning its statements afresh on every call and to per-row trigger calls).
-- * Plans are generic: the posting's statements take arrays whose sizes say nothing a custom plan could use.
-- * Index scans only: wallets is small but its rows change on every payment; a sequential scan reads every dead
--   and locked version of them (measured as the largest share of PostgreSQL's time under load).
-- * The balances after the posting are worked out from the locked rows before anything is written, and the
--   first result goes into the transaction row as it is inserted (no second write of it, no trigger call).
-- * A caller may pass the transaction's id (drawn from its sequence), to write it elsewhere first.
-- * A transaction's balance is checked once per INSERT statement (a statement trigger over the inserted rows)
--   instead of once per entry at commit; every posting writes its entries in one statement.
-- * The append-only trigger compares the columns it guards directly instead of through jsonb.
DROP FUNCTION "ledger_post"(integer, text, integer, text, text, timestamptz, text[], integer[], bigint[], integer[]);
--> statement-breakpoint
CREATE FUNCTION "ledger_post"(
	p_reason integer,
	p_key text,
	p_actor integer,
	p_memo text,
	p_fingerprint text,
	p_at timestamptz,
	p_kinds text[],
	p_users integer[],
	p_amounts bigint[],
	p_reasons integer[],
	-- The transaction's id when the caller drew it already (the payment batch writes it on the order first).
	p_id bigint DEFAULT NULL
) RETURNS jsonb LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $$
DECLARE
	v_tx bigint := coalesce(p_id, nextval('ledger_transactions_id_seq'));
	v_claimed bigint;
	v_stored record;
	v_users integer[];
	v_avail bigint[];
	v_frozen bigint[];
	v_short boolean;
	v_wallets jsonb;
BEGIN
	-- Each member's net change, in user-id order (the one lock order that avoids deadlocks).
	SELECT array_agg(u ORDER BY u), array_agg(a ORDER BY u), array_agg(f ORDER BY u)
	INTO v_users, v_avail, v_frozen
	FROM (
		SELECT x.u,
			coalesce(sum(x.m) FILTER (WHERE x.k = 'member_available'), 0)::bigint AS a,
			coalesce(sum(x.m) FILTER (WHERE x.k = 'member_frozen'), 0)::bigint AS f
		FROM unnest(p_kinds, p_users, p_amounts) AS x(k, u, m)
		WHERE x.k LIKE 'member_%' GROUP BY x.u
	) d;

	IF v_users IS NOT NULL THEN
		-- A member's first movement creates their wallet; then the wallets are locked in user-id order and the
		-- balances after this posting worked out, before anything is written.
		INSERT INTO "wallets" ("user_id") SELECT u FROM unnest(v_users) AS x(u)
		WHERE NOT EXISTS (SELECT 1 FROM "wallets" w WHERE w."user_id" = x.u) ORDER BY u ON CONFLICT DO NOTHING;
		SELECT bool_or(l."available" + d.a < 0 OR l."frozen" + d.f < 0),
			jsonb_agg(jsonb_build_object('userId', d.u, 'available', (l."available" + d.a)::text,
				'frozen', (l."frozen" + d.f)::text, 'status', l."status") ORDER BY d.u)
		INTO v_short, v_wallets
		FROM unnest(v_users, v_avail, v_frozen) AS d(u, a, f)
		CROSS JOIN LATERAL (
			SELECT w."available", w."frozen", w."status" FROM "wallets" w WHERE w."user_id" = d.u FOR UPDATE
		) l;
	END IF;

	-- A repeated key answers the first result, even when the balance would now be short.
	IF v_short THEN
		SELECT "id", "fingerprint", "result" INTO v_stored FROM "ledger_transactions" WHERE "idempotency_key" = p_key;
		IF v_stored."id" IS NULL THEN
			RAISE EXCEPTION 'insufficient balance' USING ERRCODE = 'FL001';
		END IF;
		RETURN jsonb_build_object('duplicate', true, 'transactionId', v_stored."id",
			'fingerprint', v_stored."fingerprint", 'result', v_stored."result");
	END IF;

	-- The key is claimed with the first result in the row (ON CONFLICT waits for a concurrent holder of the key).
	INSERT INTO "ledger_transactions" ("id", "reason", "idempotency_key", "actor_id", "memo", "fingerprint",
		"created_at", "result")
	VALUES (v_tx, p_reason, p_key, p_actor, p_memo, p_fingerprint, coalesce(p_at, now()),
		CASE WHEN p_key IS NOT NULL THEN
			jsonb_build_object('transactionId', v_tx, 'wallets', coalesce(v_wallets, '[]'::jsonb)) END)
	ON CONFLICT ("idempotency_key") DO NOTHING RETURNING "id" INTO v_claimed;
	IF v_claimed IS NULL THEN
		SELECT "id", "fingerprint", "result" INTO v_stored FROM "ledger_transactions" WHERE "idempotency_key" = p_key;
		RETURN jsonb_build_object('duplicate', true, 'transactionId', v_stored."id",
			'fingerprint', v_stored."fingerprint", 'result', v_stored."result");
	END IF;

	IF v_users IS NOT NULL THEN
		UPDATE "wallets" w SET "available" = w."available" + d.a, "frozen" = w."frozen" + d.f, "updated_at" = now()
		FROM unnest(v_users, v_avail, v_frozen) AS d(u, a, f)
		WHERE w."user_id" = d.u;
	END IF;

	INSERT INTO "ledger_accounts" ("kind", "user_id")
	SELECT k, u FROM unnest(p_kinds, p_users) AS x(k, u)
	WHERE NOT EXISTS (SELECT 1 FROM "ledger_accounts" a WHERE a."kind" = x.k AND a."user_id" IS NOT DISTINCT FROM x.u)
	ORDER BY k, u ON CONFLICT DO NOTHING;
	-- Members and the site's own accounts looked up apart, so each uses the (kind, user_id) index.
	INSERT INTO "ledger_entries" ("transaction_id", "account_id", "amount", "reason")
	SELECT v_tx, acc."id", x.m, x.r
	FROM unnest(p_kinds, p_users, p_amounts, p_reasons) WITH ORDINALITY AS x(k, u, m, r, i)
	CROSS JOIN LATERAL (
		SELECT a."id" FROM "ledger_accounts" a WHERE a."kind" = x.k AND a."user_id" = x.u
		UNION ALL
		SELECT a."id" FROM "ledger_accounts" a WHERE x.u IS NULL AND a."kind" = x.k AND a."user_id" IS NULL
		LIMIT 1
	) acc
	ORDER BY x.i;

	RETURN jsonb_build_object('duplicate', false, 'transactionId', v_tx, 'wallets', coalesce(v_wallets, '[]'::jsonb));
END $$;
--> statement-breakpoint
DROP TRIGGER "ledger_entries_balanced_trg" ON "ledger_entries";
--> statement-breakpoint
DROP FUNCTION "ledger_entries_balanced"();
--> statement-breakpoint
CREATE FUNCTION "ledger_entries_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	v_unbalanced bigint;
BEGIN
	SELECT e."transaction_id" INTO v_unbalanced
	FROM "ledger_entries" e
	WHERE e."transaction_id" IN (SELECT DISTINCT n."transaction_id" FROM new_entries n)
	GROUP BY e."transaction_id" HAVING sum(e."amount") <> 0
	LIMIT 1;
	IF v_unbalanced IS NOT NULL THEN
		RAISE EXCEPTION 'ledger transaction % does not balance', v_unbalanced USING ERRCODE = '23514';
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_balanced_trg" AFTER INSERT ON "ledger_entries"
	REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_balanced"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Nested IFs: OLD is unassigned in the statement-level TRUNCATE trigger.
	IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'ledger_transactions' THEN
		IF OLD."result" IS NULL AND NEW."id" = OLD."id" AND NEW."reason" = OLD."reason"
			AND NEW."idempotency_key" IS NOT DISTINCT FROM OLD."idempotency_key"
			AND NEW."actor_id" IS NOT DISTINCT FROM OLD."actor_id" AND NEW."memo" = OLD."memo"
			AND NEW."fingerprint" IS NOT DISTINCT FROM OLD."fingerprint" AND NEW."created_at" = OLD."created_at" THEN
			RETURN NEW;
		END IF;
	END IF;
	RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = '42501';
END $$;
--> statement-breakpoint
-- Part 2: wallet payments written together (group commit). Concurrent one-call wallet payments of the kinds that
-- allow it arrive here as one batch: one statement and one commit for all of them instead of about ten
-- statements and a commit each. A payment that cannot be made (a short balance, a second purchase of the same
-- thing, a create key already used) is left out with its reason before anything of it is written, so one refused
-- payment never undoes the others, and no subtransactions are needed (a wallet locked by the batch and then
-- updated in a subtransaction would cost PostgreSQL a multixact per row, which slows every later read of it).
--
-- The payments come as parallel arrays, one element per payment (arrays, not JSON: each payment's fields are then
-- plain expressions, without a query each to take them apart): the order's columns, its posting's head, and its
-- moves as array literals (kinds, user ids, fen, reasons); p_fulfil names the kind's SQL fulfil function (taking
-- the paid order row; answering null, or why it refuses, before it writes anything) or is null. p_users: every
-- member the batch moves money of.
-- Answers one element per payment, in order: {"ok": true, "id", "transactionId", "createdAt", "paidAt"}, or
-- {"ok": false, "state", "message"}: FL001 short balance, FL002 create key or order number taken, FL003 refused
-- by the fulfil. An unexpected error fails the whole statement (nothing of the batch is written).
CREATE FUNCTION "order_pay_wallet_batch"(
	p_users integer[],
	p_sn text[], p_type smallint[], p_amount bigint[], p_payer integer[], p_payee integer[], p_thread integer[],
	p_group integer[], p_anonymous boolean[], p_title text[], p_extra jsonb[], p_create_key text[],
	p_expires timestamptz[],
	p_reason integer[], p_key text[], p_memo text[], p_fingerprint text[],
	p_kinds text[], p_move_users text[], p_move_amounts text[], p_move_reasons text[],
	p_fulfil text[]
) RETURNS jsonb LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $$
DECLARE
	v_res jsonb;
	v_tx bigint;
	v_row "orders"%ROWTYPE;
	v_out jsonb := '[]'::jsonb;
	v_wusers integer[];
	v_avail bigint[];
	v_frozen bigint[];
	v_a bigint[];
	v_f bigint[];
	v_kinds text[];
	v_musers integer[];
	v_amounts bigint[];
	v_k integer;
	v_short boolean;
	v_refused text;
BEGIN
	-- Every wallet of the batch created, locked in user-id order and read: two batches (or a batch and a single
	-- payment) never wait on each other in a cycle, and the balances below stay exact while the batch runs.
	INSERT INTO "wallets" ("user_id") SELECT u FROM unnest(p_users) AS x(u)
	WHERE NOT EXISTS (SELECT 1 FROM "wallets" w WHERE w."user_id" = x.u) ORDER BY u ON CONFLICT DO NOTHING;
	SELECT array_agg(l."user_id" ORDER BY x.u), array_agg(l."available" ORDER BY x.u), array_agg(l."frozen" ORDER BY x.u)
	INTO v_wusers, v_avail, v_frozen
	FROM unnest(p_users) AS x(u)
	CROSS JOIN LATERAL (
		SELECT w."user_id", w."available", w."frozen" FROM "wallets" w WHERE w."user_id" = x.u FOR UPDATE
	) l;

	FOR i IN 1 .. coalesce(array_length(p_sn, 1), 0) LOOP
		v_kinds := p_kinds[i]::text[];
		v_musers := p_move_users[i]::integer[];
		v_amounts := p_move_amounts[i]::bigint[];
		-- The balances after this payment, on copies: kept only if it is made.
		v_a := v_avail;
		v_f := v_frozen;
		FOR j IN 1 .. array_length(v_kinds, 1) LOOP
			IF v_kinds[j] = 'member_available' THEN
				v_k := array_position(v_wusers, v_musers[j]);
				v_a[v_k] := v_a[v_k] + v_amounts[j];
			ELSIF v_kinds[j] = 'member_frozen' THEN
				v_k := array_position(v_wusers, v_musers[j]);
				v_f[v_k] := v_f[v_k] + v_amounts[j];
			END IF;
		END LOOP;
		v_short := false;
		FOR j IN 1 .. array_length(v_kinds, 1) LOOP
			v_k := array_position(v_wusers, v_musers[j]);
			v_short := v_short OR (v_k IS NOT NULL AND (v_a[v_k] < 0 OR v_f[v_k] < 0));
		END LOOP;
		IF v_short THEN
			v_out := v_out || jsonb_build_object('ok', false, 'state', 'FL001', 'message', 'insufficient balance');
			CONTINUE;
		END IF;
		v_tx := nextval('ledger_transactions_id_seq');
		INSERT INTO "orders" ("order_sn", "type", "status", "amount_fen", "user_id", "payee_id", "thread_id",
			"group_id", "payment_type", "is_anonymous", "title", "extra", "create_key", "ledger_transaction_id",
			"expires_at", "paid_at")
		VALUES (p_sn[i], p_type[i], 1, p_amount[i], p_payer[i], p_payee[i], p_thread[i], p_group[i], 20,
			p_anonymous[i], p_title[i], p_extra[i], p_create_key[i], v_tx, p_expires[i], now())
		ON CONFLICT DO NOTHING
		RETURNING * INTO v_row;
		IF v_row."id" IS NULL THEN
			v_out := v_out || jsonb_build_object('ok', false, 'state', 'FL002',
				'message', 'order number or create key is taken');
			CONTINUE;
		END IF;
		IF p_fulfil[i] IS NOT NULL THEN
			EXECUTE format('SELECT %I($1)', p_fulfil[i]) INTO v_refused USING v_row;
			IF v_refused IS NOT NULL THEN
				DELETE FROM "orders" WHERE "id" = v_row."id";
				v_out := v_out || jsonb_build_object('ok', false, 'state', 'FL003', 'message', v_refused);
				v_row := NULL;
				CONTINUE;
			END IF;
		END IF;
		v_res := "ledger_post"(p_reason[i], p_key[i], p_payer[i], p_memo[i], p_fingerprint[i], NULL,
			v_kinds, v_musers, v_amounts, p_move_reasons[i]::integer[], v_tx);
		IF (v_res->>'duplicate')::boolean THEN
			RAISE EXCEPTION 'order % is already paid', p_sn[i] USING ERRCODE = 'FL002';
		END IF;
		v_avail := v_a;
		v_frozen := v_f;
		v_out := v_out || jsonb_build_object('ok', true, 'id', v_row."id",
			'transactionId', (v_res->>'transactionId')::bigint, 'createdAt', v_row."created_at", 'paidAt', v_row."paid_at");
		v_row := NULL;
	END LOOP;
	RETURN v_out;
END $$;
--> statement-breakpoint
-- The paid-content kinds' fulfil (order types 3 and 7), in a batch and on the single path alike: the purchase and
-- the thread's sale count. A second purchase of the same thing is refused (the answer says why; nothing written).
CREATE FUNCTION "thread_purchase_fulfil"(o "orders") RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	v_id integer;
BEGIN
	INSERT INTO "thread_purchases" ("user_id", "thread_id", "type", "order_sn", "amount_fen")
	VALUES (o."user_id", o."thread_id", o."type", o."order_sn", o."amount_fen")
	ON CONFLICT DO NOTHING RETURNING "id" INTO v_id;
	IF v_id IS NULL THEN
		RETURN 'threadId: you have bought this already';
	END IF;
	UPDATE "threads" SET "paid_count" = "paid_count" + 1 WHERE "id" = o."thread_id";
	RETURN NULL;
END $$;
