import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OrderType, PaymentType } from '@forum/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from './features/wallet/ledger.repository.js';
import { adminUser, call, registerUser, startTestApp, type TestApp } from './test/harness.js';
import { startForumProcess, type ForumProcess } from './test/forum-process.js';

// Issue 12's acceptance: two server instances on one PostgreSQL database take 10,000 concurrent mixed money
// operations (paid-thread purchases, tips, red-packet grabs, withdrawals), 5 % of them deliberate repeats of an
// earlier request with the same idempotency keys; afterwards the ledger is sound and the finance statistics
// equal sums recomputed from the raw rows. MONEY_ACCEPTANCE_OPS shortens it for a quick local try.
const OPS = Number(process.env.MONEY_ACCEPTANCE_OPS ?? 10_000);
const USERS = 40;
const AUTHORS = 10;
const IN_FLIGHT = 96;
const DUPLICATE_SHARE = 0.05;
const PAY_PASSWORD = '135790';

let t: TestApp;
let admin: { token: string; userId: number };
let members: Array<{ token: string; userId: number }>;
const instances: ForumProcess[] = [];
const dataDirs: string[] = [];
const priced: Array<{ threadId: number; authorId: number }> = [];
const packets: number[] = [];

/** A seeded generator, so a failing run can be replayed. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const inProcess = (token: string, p: string, body: object) =>
  call(t.app, 'POST', `/api/v3/${p}`, { token, body });

beforeAll(async () => {
  t = await startTestApp();
  await t.app.forum.settings.set([
    { key: 'thread_post_interval', tag: 'default', value: '0' },
    { key: 'site_author_scale', tag: 'default', value: '8' },
    { key: 'site_master_scale', tag: 'default', value: '2' },
    { key: 'cash_rate', tag: 'cash', value: '0.01' },
    { key: 'cash_interval_time', tag: 'cash', value: '0' },
    { key: 'cash_sum_limit', tag: 'cash', value: '100000' },
  ]);
  admin = await adminUser(t.app);
  members = [];
  for (let i = 0; i < USERS; i++) members.push(await registerUser(t.app));
  for (const [i, m] of members.entries()) {
    const credited = await call(t.app, 'POST', '/api/backAdmin/update.user.wallet', {
      token: admin.token,
      body: { userId: m.userId, operate: 1, amount: '2000', idempotencyKey: `accept-open-${i}` },
    });
    expect(credited.Code, credited.Message).toBe(0);
    const pw = await inProcess(m.token, 'users/pay-password.update', {
      payPassword: PAY_PASSWORD,
      payPasswordConfirmation: PAY_PASSWORD,
    });
    expect(pw.Code, pw.Message).toBe(0);
  }
  // Four priced threads per author, and one 100-share red packet each (paid from the wallet, then published).
  for (const author of members.slice(0, AUTHORS)) {
    for (let k = 1; k <= 4; k++) {
      const r = await inProcess(author.token, 'thread.create', {
        categoryId: 1,
        title: `付费 ${k}`,
        content: { text: '<p>付费内容</p>' },
        price: k,
      });
      expect(r.Code, r.Message).toBe(0);
      priced.push({ threadId: r.Data.threadId, authorId: author.userId });
    }
    const d = await inProcess(author.token, 'thread.create', {
      categoryId: 1,
      title: '红包',
      content: {
        text: '<p>回复领红包</p>',
        indexes: { rp: { tomId: 106, body: { rule: 1, condition: 0, number: 100, price: '200' } } },
      },
      draft: true,
    });
    expect(d.Code, d.Message).toBe(0);
    const order = await inProcess(author.token, 'order.create', {
      type: OrderType.RED_PACKET,
      threadId: d.Data.threadId,
    });
    const paid = await inProcess(author.token, 'trade/pay/order', {
      orderSn: order.Data.orderSn,
      paymentType: PaymentType.WALLET,
      payPassword: PAY_PASSWORD,
    });
    expect(paid.Code, paid.Message).toBe(0);
    const pub = await inProcess(author.token, 'thread.update', { threadId: d.Data.threadId, draft: false });
    expect(pub.Code, pub.Message).toBe(0);
    packets.push(d.Data.threadId);
  }
  // The two instances: their own processes and pools on the same database (and Redis when there is one).
  for (let i = 0; i < 2; i++) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'forum-accept-'));
    dataDirs.push(dir);
    instances.push(
      await startForumProcess(dir, {
        databaseUrl: t.config.databaseUrl!,
        redisUrl: process.env.REDIS_URL,
        env: { RATE_LIMIT: 'off' },
      }),
    );
  }
}, 300_000);

afterAll(async () => {
  await Promise.all(instances.map((f) => f.stop()));
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

type Reply = { Code: number; Message?: string; Data: any };
type Op =
  | { kind: 'buy'; user: number; threadId: number; key: string }
  | { kind: 'tip'; user: number; threadId: number; fen: number; key: string }
  | { kind: 'grab'; user: number; threadId: number }
  | { kind: 'cash'; user: number; fen: number; key: string };

/** The ops: a seeded mix, with 5 % repeats of an earlier keyed op (same keys, sent again later). */
function plan(): Array<{ op: Op; repeat: boolean }> {
  const rnd = random(20261125);
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)]!;
  const bought = new Set<string>();
  const list: Array<{ op: Op; repeat: boolean }> = [];
  const keyed: Op[] = [];
  for (let n = 0; list.length < OPS; n++) {
    if (keyed.length > 20 && rnd() < DUPLICATE_SHARE) {
      list.push({ op: pick(keyed), repeat: true });
      continue;
    }
    const user = Math.floor(rnd() * USERS);
    const r = rnd();
    let op: Op;
    if (r < 0.25) {
      const th = pick(priced);
      const pair = `${user}:${th.threadId}`;
      if (th.authorId === members[user]!.userId || bought.has(pair)) continue;
      bought.add(pair);
      op = { kind: 'buy', user, threadId: th.threadId, key: `accept-buy-${n}-${user}` };
    } else if (r < 0.6) {
      const th = pick(priced);
      if (th.authorId === members[user]!.userId) continue;
      op = {
        kind: 'tip',
        user,
        threadId: th.threadId,
        fen: 1 + Math.floor(rnd() * 500),
        key: `accept-tip-${n}-${user}`,
      };
    } else if (r < 0.8) {
      op = { kind: 'grab', user, threadId: pick(packets) };
    } else {
      op = { kind: 'cash', user, fen: 1 + Math.floor(rnd() * 300), key: `accept-cash-${n}-${user}` };
    }
    if (op.kind !== 'grab') keyed.push(op);
    list.push({ op, repeat: false });
  }
  return list;
}

const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
/** JSON with sorted keys: a replayed answer comes back from storage (jsonb), whose key order is its own. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b)))
      : x,
  );

/** The pay reply without the pay session's token (a fresh secret per payment, never part of a replay). */
const stable = (d: any) => {
  if (!d || typeof d !== 'object') return d;
  const { payToken: _t, payTokenExpiresAt: _e, ...rest } = d;
  return rest;
};

describe('money under load on two instances', () => {
  it('10,000 mixed operations with 5 % repeated keys: sound ledger, first results for repeats, finance from raw rows', async () => {
    const ops = plan();
    const sessions = new Map<number, string>();
    const firsts = new Map<Op, string>();
    const repeats: Array<{ op: Op; answer: string }> = [];
    const failures: string[] = [];
    const latencies: number[] = [];
    let sent = 0;

    const pay = async (f: ForumProcess, op: Op & { key: string }, orderSn: string): Promise<Reply> => {
      const m = members[op.user]!;
      const session = sessions.get(op.user);
      const body = {
        orderSn,
        paymentType: PaymentType.WALLET,
        idempotencyKey: `${op.key}-pay`,
        ...(session ? { payToken: session } : { payPassword: PAY_PASSWORD }),
      };
      let r = (await f.post('/api/v3/trade/pay/order', body, m.token)) as Reply;
      if (r.Code === -4001 && String(r.Message).includes('payToken')) {
        // The session ended (5 minutes): the pay password again, which opens a new one.
        const again = { orderSn, paymentType: PaymentType.WALLET, idempotencyKey: body.idempotencyKey };
        r = (await f.post(
          '/api/v3/trade/pay/order',
          { ...again, payPassword: PAY_PASSWORD },
          m.token,
        )) as Reply;
      }
      if (r.Code === 0 && r.Data.payToken) sessions.set(op.user, r.Data.payToken);
      return r;
    };

    const run = async (op: Op, f: ForumProcess): Promise<string> => {
      const m = members[op.user]!;
      if (op.kind === 'grab') {
        const r = (await f.post(
          '/api/v3/posts.create',
          { id: op.threadId, content: '谢谢红包' },
          m.token,
        )) as Reply;
        return r.Code === 0 ? 'ok' : `grab ${r.Code} ${r.Message}`;
      }
      if (op.kind === 'cash') {
        const r = (await f.post(
          '/api/v3/wallet/cash',
          { cashApplyAmount: yuan(op.fen), receiveAccount: 'acceptance', idempotencyKey: op.key },
          m.token,
        )) as Reply;
        return JSON.stringify([r.Code, r.Code === 0 ? r.Data.id : r.Message]);
      }
      const order = (await f.post(
        '/api/v3/order.create',
        op.kind === 'buy'
          ? { type: OrderType.THREAD, threadId: op.threadId, idempotencyKey: op.key }
          : { type: OrderType.REWARD, threadId: op.threadId, amount: yuan(op.fen), idempotencyKey: op.key },
        m.token,
      )) as Reply;
      if (order.Code !== 0) return JSON.stringify(['create', order.Code, order.Message]);
      const paid = await pay(f, op, order.Data.orderSn);
      return canonical([order.Data.orderSn, paid.Code, paid.Code === 0 ? stable(paid.Data) : paid.Message]);
    };

    const started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async (_, lane) => {
        for (;;) {
          const i = next++;
          if (i >= ops.length) return;
          const { op, repeat } = ops[i]!;
          // A repeat waits for its first answer, then asks again (the first may still be in flight elsewhere).
          if (repeat) while (!firsts.has(op)) await new Promise((r) => setTimeout(r, 5));
          const t0 = performance.now();
          const answer = await run(op, instances[(i + lane) % 2]!);
          latencies.push(performance.now() - t0);
          sent++;
          if (repeat) repeats.push({ op, answer });
          else firsts.set(op, answer);
          if (!repeat && op.kind !== 'grab' && !answer.includes(',0,') && !answer.startsWith('[0,'))
            failures.push(`${op.kind}: ${answer}`);
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const p = (q: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
    console.info(
      `money acceptance: ${sent} operations (${repeats.length} repeats) on 2 instances in ${seconds.toFixed(1)} s ` +
        `= ${(sent / seconds).toFixed(0)} ops/s; per operation p50 ${p(0.5)} ms, p99 ${p(0.99)} ms`,
    );

    // Every first attempt went through (the balances were ample), and every repeat got the first answer.
    expect(failures.slice(0, 5)).toEqual([]);
    expect(repeats.length).toBeGreaterThan(OPS * DUPLICATE_SHARE * 0.6);
    const differing = repeats
      .filter((r) => r.answer !== firsts.get(r.op))
      .slice(0, 5)
      .map((r) => ({ first: firsts.get(r.op), repeat: r.answer }));
    expect(differing).toEqual([]);

    // The ledger: every wallet equals its entries, every transaction and the whole ledger sum to zero.
    const check = await reconcile(t.app.forum.database.db);
    expect(check).toEqual({ driftingUserIds: [], unbalancedTransactionIds: [], total: 0n });
    const sql = async (text: string) =>
      (await t.app.forum.database.exec(text)).rows as Array<Record<string, string>>;
    const [neg] = await sql(`SELECT count(*)::text AS n FROM wallets WHERE available < 0 OR frozen < 0`);
    expect(neg!.n).toBe('0');
    // Repeats moved money once: one paid order per key, one withdrawal per key, one grant per member and packet.
    const [dup] = await sql(`SELECT
      (SELECT count(*) FROM (SELECT create_key FROM orders WHERE create_key IS NOT NULL
        GROUP BY user_id, create_key HAVING count(*) > 1) x)::text AS orders,
      (SELECT count(*) FROM (SELECT user_id, thread_id FROM thread_purchases GROUP BY user_id, thread_id, type
        HAVING count(*) > 1) x)::text AS purchases`);
    expect(dup).toEqual({ orders: '0', purchases: '0' });
    const grants = await sql(`SELECT count(*)::text AS n, count(DISTINCT (red_packet_id, user_id))::text AS d
      FROM red_packet_grants`);
    expect(grants[0]!.n).toBe(grants[0]!.d);

    // Some withdrawals reviewed at once from both instances: paid out (fees to the site) or rejected.
    const pending = await sql(`SELECT id::text FROM wallet_cash WHERE status = 1 ORDER BY id LIMIT 60`);
    await Promise.all(
      pending.map(async ({ id }, i) => {
        const f = instances[i % 2]!;
        if (i % 3 === 2) {
          expect(
            (
              await f.post(
                '/api/backAdmin/wallet.cash.review',
                { id: Number(id), cashStatus: 3 },
                admin.token,
              )
            ).Code,
          ).toBe(0);
          return;
        }
        expect(
          (await f.post('/api/backAdmin/wallet.cash.review', { id: Number(id), cashStatus: 2 }, admin.token))
            .Code,
        ).toBe(0);
        expect(
          (await f.post('/api/backAdmin/wallet.cash.review', { id: Number(id), cashStatus: 5 }, admin.token))
            .Code,
        ).toBe(0);
      }),
    );
    expect(await reconcile(t.app.forum.database.db)).toEqual({
      driftingUserIds: [],
      unbalancedTransactionIds: [],
      total: 0n,
    });

    // The finance statistics equal sums recomputed from the raw orders, withdrawals, wallets and ledger.
    const [raw] = await sql(`SELECT
      (SELECT coalesce(sum(amount_fen), 0) FROM orders WHERE status = 1 AND type <> 30)::text AS income,
      (SELECT count(*) FROM orders WHERE status = 1 AND type <> 30)::text AS orders,
      (SELECT coalesce(sum(amount_fen), 0) FROM orders WHERE status = 1 AND type = 1)::text AS register,
      (SELECT coalesce(sum(apply_fen), 0) FROM wallet_cash WHERE status = 5)::text AS withdrawal,
      (SELECT coalesce(sum(fee_fen), 0) FROM wallet_cash WHERE status = 5)::text AS fees,
      (SELECT coalesce(sum(available + frozen), 0) FROM wallets)::text AS wallet,
      (SELECT coalesce(sum(o.amount_fen), 0) FROM orders o WHERE o.status = 1 AND o.type IN (2, 3, 7))::text AS sold`);
    // Site royalty by arithmetic from the raw orders: each paid order's amount less its author's 8 tenths
    // (rounded half up to the fen, as the split does), summed.
    const [royalty] =
      await sql(`SELECT coalesce(sum(amount_fen - round(amount_fen * 8 / 10.0)), 0)::text AS fen
      FROM orders WHERE status = 1 AND type IN (2, 3, 7)`);
    const f = (fen: string) => {
      const v = BigInt(fen);
      return `${v / 100n}.${(v % 100n).toString().padStart(2, '0')}`;
    };
    const stats = await instances[0]!.get('/api/statistic/finance.v2', admin.token);
    expect(stats.Code).toBe(0);
    expect(stats.Data).toEqual({
      totalIncome: f(raw!.income!),
      totalWithdrawal: f(raw!.withdrawal!),
      totalWallet: f(raw!.wallet!),
      totalProfit: f(String(BigInt(raw!.register!) + BigInt(royalty!.fen!) + BigInt(raw!.fees!))),
      withdrawalProfit: f(raw!.fees!),
      orderRoyalty: f(royalty!.fen!),
      totalRegisterProfit: f(raw!.register!),
      orderCount: Number(raw!.orders),
    });
    expect(BigInt(raw!.sold!)).toBeGreaterThan(0n);
  }, 900_000);
});
