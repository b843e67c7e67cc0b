-- Hand-written. The wallet payment batch (0020) posts the whole batch at once instead of calling ledger_post once
-- per payment (measured: the per-payment posting's seven statements were most of PostgreSQL's time in a batch).
-- The batch already holds every wallet of the batch locked and works out each payment's balances before it
-- writes anything; it now keeps the accepted payments' transactions and entries in arrays and writes them after
-- the loop: one INSERT of transactions (with each one's stored result, as ledger_post stores it), one wallet
-- UPDATE (each changed wallet once, to its final balances), one account upsert and one INSERT of entries (so
-- the balanced-entries check runs once for the batch). Kind fulfil functions must not move money (only the
-- ledger does), so the wallets read at the start are the only writer's view.
--
-- It also pays orders that already exist (the two-call way: `order.create`, then `trade/pay/order` by wallet):
-- p_order_id names the pending order (null: write a new one, as before), whose row is locked first, in id order
-- (a single payment locks its order before the wallets too), and is marked paid only while it is still pending
-- and unexpired (fulfilled first, so a refusal leaves it as it was); otherwise it is refused (FL002) and the
-- single path answers it. p_pay_key / p_pay_result are the pay request's key and reply, kept on the order as
-- the single path keeps them.
DROP FUNCTION "order_pay_wallet_batch"(integer[], text[], smallint[], bigint[], integer[], integer[], integer[],
	integer[], boolean[], text[], jsonb[], text[], timestamptz[], integer[], text[], text[], text[], text[], text[],
	text[], text[], text[]);
--> statement-breakpoint
CREATE FUNCTION "order_pay_wallet_batch"(
	p_users integer[],
	p_sn text[], p_type smallint[], p_amount bigint[], p_payer integer[], p_payee integer[], p_thread integer[],
	p_group integer[], p_anonymous boolean[], p_title text[], p_extra jsonb[], p_create_key text[],
	p_expires timestamptz[],
	p_reason integer[], p_key text[], p_memo text[], p_fingerprint text[],
	p_kinds text[], p_move_users text[], p_move_amounts text[], p_move_reasons text[],
	p_fulfil text[],
	p_order_id integer[], p_pay_key text[], p_pay_result jsonb[]
) RETURNS jsonb LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $$
DECLARE
	v_tx bigint;
	v_row "orders"%ROWTYPE;
	v_out jsonb := '[]'::jsonb;
	v_wusers integer[];
	v_avail bigint[];
	v_frozen bigint[];
	v_status smallint[];
	v_start_a bigint[];
	v_start_f bigint[];
	v_a bigint[];
	v_f bigint[];
	v_kinds text[];
	v_musers integer[];
	v_amounts bigint[];
	v_k integer;
	v_short boolean;
	v_refused text;
	v_wallets jsonb;
	v_n integer;
	-- The accepted payments' postings, written after the loop.
	t_id bigint[] := '{}';
	t_reason integer[] := '{}';
	t_key text[] := '{}';
	t_actor integer[] := '{}';
	t_memo text[] := '{}';
	t_fp text[] := '{}';
	t_result jsonb[] := '{}';
	e_tx bigint[] := '{}';
	e_kind text[] := '{}';
	e_user integer[] := '{}';
	e_amount bigint[] := '{}';
	e_reason integer[] := '{}';
BEGIN
	-- Orders being paid locked first, in id order, then every wallet of the batch created, locked in user-id order and read: two batches (or a batch and a single
	-- payment) never wait on each other in a cycle, and the balances below stay exact while the batch runs.
	PERFORM 1 FROM "orders" WHERE "id" = ANY(p_order_id) ORDER BY "id" FOR UPDATE;
	INSERT INTO "wallets" ("user_id") SELECT u FROM unnest(p_users) AS x(u)
	WHERE NOT EXISTS (SELECT 1 FROM "wallets" w WHERE w."user_id" = x.u) ORDER BY u ON CONFLICT DO NOTHING;
	SELECT array_agg(l."user_id" ORDER BY x.u), array_agg(l."available" ORDER BY x.u),
		array_agg(l."frozen" ORDER BY x.u), array_agg(l."status" ORDER BY x.u)
	INTO v_wusers, v_avail, v_frozen, v_status
	FROM unnest(p_users) AS x(u)
	CROSS JOIN LATERAL (
		SELECT w."user_id", w."available", w."frozen", w."status" FROM "wallets" w WHERE w."user_id" = x.u FOR UPDATE
	) l;
	v_start_a := v_avail;
	v_start_f := v_frozen;

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
		IF p_order_id[i] IS NOT NULL THEN
			-- An order that exists: still pending and unexpired (its row is locked); marked paid after its fulfil.
			SELECT * INTO v_row FROM "orders" WHERE "id" = p_order_id[i] AND "status" = 0 AND "expires_at" > now();
		ELSE
			-- A new order, written paid (a create key or order number already taken refuses it).
			INSERT INTO "orders" ("order_sn", "type", "status", "amount_fen", "user_id", "payee_id", "thread_id",
				"group_id", "payment_type", "is_anonymous", "title", "extra", "create_key", "ledger_transaction_id",
				"expires_at", "paid_at")
			VALUES (p_sn[i], p_type[i], 1, p_amount[i], p_payer[i], p_payee[i], p_thread[i], p_group[i], 20,
				p_anonymous[i], p_title[i], p_extra[i], p_create_key[i], v_tx, p_expires[i], now())
			ON CONFLICT DO NOTHING
			RETURNING * INTO v_row;
		END IF;
		IF v_row."id" IS NULL THEN
			v_out := v_out || jsonb_build_object('ok', false, 'state', 'FL002',
				'message', 'order number or create key is taken, or the order is not pending');
			CONTINUE;
		END IF;
		IF p_fulfil[i] IS NOT NULL THEN
			EXECUTE format('SELECT %I($1)', p_fulfil[i]) INTO v_refused USING v_row;
			IF v_refused IS NOT NULL THEN
				-- Nothing of it stays: a new order goes; an existing one was not changed yet.
				IF p_order_id[i] IS NULL THEN
					DELETE FROM "orders" WHERE "id" = v_row."id";
				END IF;
				v_out := v_out || jsonb_build_object('ok', false, 'state', 'FL003', 'message', v_refused);
				v_row := NULL;
				CONTINUE;
			END IF;
		END IF;
		IF p_order_id[i] IS NOT NULL THEN
			UPDATE "orders" SET "status" = 1, "payment_type" = 20, "ledger_transaction_id" = v_tx, "paid_at" = now(),
				"pay_key" = p_pay_key[i], "pay_result" = p_pay_result[i], "updated_at" = now()
			WHERE "id" = v_row."id"
			RETURNING * INTO v_row;
		END IF;
		-- The result ledger_post would store: each moved member's balances after this posting, by user id.
		SELECT jsonb_agg(jsonb_build_object('userId', m.u, 'available', v_a[m.k]::text, 'frozen', v_f[m.k]::text,
			'status', v_status[m.k]) ORDER BY m.u)
		INTO v_wallets
		FROM (SELECT DISTINCT x.u, array_position(v_wusers, x.u) AS k
			FROM unnest(v_kinds, v_musers) AS x(kd, u) WHERE x.kd LIKE 'member_%') m;
		t_id := t_id || v_tx;
		t_reason := t_reason || p_reason[i];
		t_key := t_key || p_key[i];
		t_actor := t_actor || p_payer[i];
		t_memo := t_memo || p_memo[i];
		t_fp := t_fp || p_fingerprint[i];
		t_result := t_result || jsonb_build_object('transactionId', v_tx, 'wallets', coalesce(v_wallets, '[]'::jsonb));
		e_tx := e_tx || array_fill(v_tx, ARRAY[array_length(v_kinds, 1)]);
		e_kind := e_kind || v_kinds;
		e_user := e_user || v_musers;
		e_amount := e_amount || v_amounts;
		e_reason := e_reason || p_move_reasons[i]::integer[];
		v_avail := v_a;
		v_frozen := v_f;
		v_out := v_out || jsonb_build_object('ok', true, 'id', v_row."id", 'transactionId', v_tx,
			'createdAt', v_row."created_at", 'paidAt', v_row."paid_at");
		v_row := NULL;
	END LOOP;

	IF coalesce(array_length(t_id, 1), 0) = 0 THEN
		RETURN v_out;
	END IF;
	-- The keys are claimed with the first results; a key posted before fails the whole batch (nothing written),
	-- and every payment of it then takes the single path, which answers each exactly.
	INSERT INTO "ledger_transactions" ("id", "reason", "idempotency_key", "actor_id", "memo", "fingerprint",
		"created_at", "result")
	SELECT x.id, x.reason, x.key, x.actor, x.memo, x.fp, now(), CASE WHEN x.key IS NOT NULL THEN x.result END
	FROM unnest(t_id, t_reason, t_key, t_actor, t_memo, t_fp, t_result) AS x(id, reason, key, actor, memo, fp, result)
	ON CONFLICT ("idempotency_key") DO NOTHING;
	GET DIAGNOSTICS v_n = ROW_COUNT;
	IF v_n <> array_length(t_id, 1) THEN
		RAISE EXCEPTION 'a payment of the batch is already posted' USING ERRCODE = 'FL002';
	END IF;
	-- Each changed wallet written once, to its balances after the batch (its row is locked since the start).
	UPDATE "wallets" w SET "available" = d.a, "frozen" = d.f, "updated_at" = now()
	FROM unnest(v_wusers, v_avail, v_frozen, v_start_a, v_start_f) AS d(u, a, f, a0, f0)
	WHERE w."user_id" = d.u AND (d.a <> d.a0 OR d.f <> d.f0);
	INSERT INTO "ledger_accounts" ("kind", "user_id")
	SELECT DISTINCT x.k, x.u FROM unnest(e_kind, e_user) AS x(k, u)
	WHERE NOT EXISTS (SELECT 1 FROM "ledger_accounts" a WHERE a."kind" = x.k AND a."user_id" IS NOT DISTINCT FROM x.u)
	ORDER BY 1, 2 ON CONFLICT DO NOTHING;
	-- Members and the site's own accounts looked up apart, so each uses the (kind, user_id) index.
	INSERT INTO "ledger_entries" ("transaction_id", "account_id", "amount", "reason")
	SELECT x.tx, acc."id", x.m, x.r
	FROM unnest(e_tx, e_kind, e_user, e_amount, e_reason) WITH ORDINALITY AS x(tx, k, u, m, r, i)
	CROSS JOIN LATERAL (
		SELECT a."id" FROM "ledger_accounts" a WHERE a."kind" = x.k AND a."user_id" = x.u
		UNION ALL
		SELECT a."id" FROM "ledger_accounts" a WHERE x.u IS NULL AND a."kind" = x.k AND a."user_id" IS NULL
		LIMIT 1
	) acc
	ORDER BY x.i;
	RETURN v_out;
END $$;
