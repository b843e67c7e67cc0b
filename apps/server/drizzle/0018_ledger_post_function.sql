-- Hand-written: one ledger posting in one round trip. The same steps the posting took as ten statements from
-- the server (claim the idempotency key, create and lock the member wallets in user-id order, refuse a
-- negative balance, create the accounts, write the entries, move the balances, keep the first result) run
-- here, so a payment no longer waits on the network between them while it holds the wallet locks.
-- Answers {"duplicate": false, "transactionId", "wallets"}, or for a key already taken
-- {"duplicate": true, "transactionId", "fingerprint", "result"} (the first posting's stored answer).
-- Refuses a balance that would go below zero with SQLSTATE FL001, before anything is written. p_at dates
-- imported history (null: now).
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
	p_reasons integer[]
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
	v_tx bigint;
	v_stored record;
	v_users integer[];
	v_avail bigint[];
	v_frozen bigint[];
	v_wallets jsonb := '[]'::jsonb;
BEGIN
	INSERT INTO "ledger_transactions" ("reason", "idempotency_key", "actor_id", "memo", "fingerprint", "created_at")
	VALUES (p_reason, p_key, p_actor, p_memo, p_fingerprint, coalesce(p_at, now()))
	ON CONFLICT ("idempotency_key") DO NOTHING RETURNING "id" INTO v_tx;
	IF v_tx IS NULL THEN
		SELECT "id", "fingerprint", "result" INTO v_stored FROM "ledger_transactions" WHERE "idempotency_key" = p_key;
		RETURN jsonb_build_object('duplicate', true, 'transactionId', v_stored."id",
			'fingerprint', v_stored."fingerprint", 'result', v_stored."result");
	END IF;

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
		INSERT INTO "wallets" ("user_id") SELECT u FROM unnest(v_users) AS x(u) ORDER BY u ON CONFLICT DO NOTHING;
		PERFORM 1 FROM "wallets" WHERE "user_id" = ANY(v_users) ORDER BY "user_id" FOR UPDATE;
		IF EXISTS (
			SELECT 1 FROM "wallets" w JOIN unnest(v_users, v_avail, v_frozen) AS d(u, a, f) ON w."user_id" = d.u
			WHERE w."available" + d.a < 0 OR w."frozen" + d.f < 0
		) THEN
			RAISE EXCEPTION 'insufficient balance' USING ERRCODE = 'FL001';
		END IF;
		WITH moved AS (
			UPDATE "wallets" w SET "available" = w."available" + d.a, "frozen" = w."frozen" + d.f, "updated_at" = now()
			FROM unnest(v_users, v_avail, v_frozen) AS d(u, a, f)
			WHERE w."user_id" = d.u
			RETURNING w."user_id", w."available", w."frozen", w."status"
		)
		SELECT jsonb_agg(jsonb_build_object('userId', "user_id", 'available', "available"::text,
			'frozen', "frozen"::text, 'status', "status") ORDER BY "user_id")
		INTO v_wallets FROM moved;
	END IF;

	INSERT INTO "ledger_accounts" ("kind", "user_id")
	SELECT k, u FROM unnest(p_kinds, p_users) AS x(k, u) ORDER BY k, u ON CONFLICT DO NOTHING;
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

	IF p_key IS NOT NULL THEN
		UPDATE "ledger_transactions"
		SET "result" = jsonb_build_object('transactionId', v_tx, 'wallets', v_wallets)
		WHERE "id" = v_tx;
	END IF;
	RETURN jsonb_build_object('duplicate', false, 'transactionId', v_tx, 'wallets', v_wallets);
END $$;
