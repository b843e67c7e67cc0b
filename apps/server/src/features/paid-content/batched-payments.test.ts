import { OrderType } from '@forum/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';
import { reconcile } from '../wallet/ledger.repository.js';

// One-call wallet payments of tips, paid threads and paid attachments are written in batches (group commit):
// these tests send many at once, so batches of several payments form, and check that each payment is still its
// own: paid exactly once, or refused with its reason and nothing of it written.

let t: TestApp;
type U = { token: string; userId: number };
let admin: U;
let authors: U[];
let payers: U[];
const PAY_PASSWORD = '135790';

const post = (u: U, path: string, body: object) =>
  call(t.app, 'POST', `/api/v3/${path}`, { token: u.token, body });
const sql = async (text: string, params: unknown[] = []) =>
  (await t.app.forum.database.exec(text, params)).rows as Array<Record<string, unknown>>;
const fen = async (u: U) =>
  Number((await sql(`SELECT available FROM wallets WHERE user_id = $1`, [u.userId]))[0]?.available ?? 0);
const credit = (u: U, amount: string, key: string) =>
  call(t.app, 'POST', '/api/backAdmin/update.user.wallet', {
    token: admin.token,
    body: { userId: u.userId, operate: 1, amount, idempotencyKey: key },
  });
/** One call: create and pay from the wallet by the pay password. */
const pay = (u: U, body: object) =>
  post(u, 'order.create', { ...body, walletPay: { payPassword: PAY_PASSWORD } });

async function pricedThread(u: U, price: number): Promise<number> {
  const r = await post(u, 'thread.create', {
    categoryId: 1,
    title: `Priced ${price}`,
    content: { text: '<p>paid words</p>' },
    price,
  });
  expect(r.Code, r.Message).toBe(0);
  return Number(r.Data.threadId);
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await adminUser(t.app);
  await t.app.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
  authors = await Promise.all([1, 2, 3].map(() => registerUser(t.app)));
  payers = await Promise.all(Array.from({ length: 10 }, () => registerUser(t.app)));
  await Promise.all(
    payers.map(async (p, i) => {
      expect((await credit(p, '50', `batch-fund-${i}`)).Code).toBe(0);
      const set = await post(p, 'users/pay-password.update', {
        payPassword: PAY_PASSWORD,
        payPasswordConfirmation: PAY_PASSWORD,
      });
      expect(set.Code, set.Message).toBe(0);
    }),
  );
});
afterAll(async () => t?.close());

describe('batched one-call wallet payments', () => {
  it('60 purchases at once: each paid once, written in shared transactions, the ledger exact', async () => {
    const threads = await Promise.all(authors.flatMap((a) => [pricedThread(a, 2), pricedThread(a, 3)]));
    const before = await Promise.all([...payers, ...authors].map(fen));
    const jobs = payers.flatMap((p) => [
      ...threads.map((threadId) => ({ p, body: { type: OrderType.THREAD, threadId } })),
    ]);
    const r = await Promise.all(jobs.map((j) => pay(j.p, j.body)));
    expect(r.map((x) => x.Code)).toEqual(jobs.map(() => 0));
    expect(new Set(r.map((x) => x.Data.orderSn)).size).toBe(jobs.length);
    expect(r.every((x) => x.Data.status === 1)).toBe(true);

    // Every order is written paid, with its posting; the purchases and each thread's sale count match.
    const orders = await sql(
      `SELECT status, ledger_transaction_id, paid_at FROM orders WHERE order_sn = ANY($1::text[])`,
      [r.map((x) => x.Data.orderSn)],
    );
    expect(orders).toHaveLength(jobs.length);
    expect(orders.every((o) => o.status === 1 && o.ledger_transaction_id !== null)).toBe(true);
    // Payments of one batch share one transaction, so its clock: fewer distinct times than payments.
    expect(new Set(orders.map((o) => String(o.paid_at))).size).toBeLessThan(jobs.length);
    const counts = await sql(`SELECT id, paid_count FROM threads WHERE id = ANY($1::int[]) ORDER BY id`, [
      threads,
    ]);
    expect(counts.map((c) => c.paid_count)).toEqual(threads.map(() => payers.length));
    const bought = await sql(
      `SELECT count(*)::int AS n FROM thread_purchases WHERE thread_id = ANY($1::int[])`,
      [threads],
    );
    expect(bought[0]!.n).toBe(jobs.length);

    // Money: each payer paid 2 + 3 yuan per author; authors got all of it (no site share set).
    const after = await Promise.all([...payers, ...authors].map(fen));
    payers.forEach((_, i) => expect(before[i]! - after[i]!).toBe(authors.length * 500));
    authors.forEach((_, i) =>
      expect(after[payers.length + i]! - before[payers.length + i]!).toBe(payers.length * 500),
    );
    expect(await reconcile(t.app.forum.database.db)).toEqual({
      driftingUserIds: [],
      unbalancedTransactionIds: [],
      total: 0n,
    });
    // Each posting keeps its result as ledger_post stores it: its id, and the moved members' balances after it.
    // A payer only pays here, so the lowest balance among their results is where their wallet ended.
    const results = await sql(
      `SELECT t.id, t.result FROM ledger_transactions t JOIN orders o ON o.ledger_transaction_id = t.id
       WHERE o.order_sn = ANY($1::text[])`,
      [r.map((x) => x.Data.orderSn)],
    );
    expect(results).toHaveLength(jobs.length);
    type Stored = { transactionId: number; wallets: Array<{ userId: number; available: string }> };
    for (const row of results) expect((row.result as Stored).transactionId).toBe(Number(row.id));
    payers.forEach((p, i) => {
      const seen = results.flatMap((row) =>
        (row.result as Stored).wallets.filter((w) => w.userId === p.userId).map((w) => BigInt(w.available)),
      );
      expect(seen).toHaveLength(threads.length);
      expect(seen.reduce((a, b) => (b < a ? b : a))).toBe(BigInt(after[i]!));
    });
  });

  it('a short balance and a second purchase of the same thread are refused with their reasons; the rest pay', async () => {
    const thread = await pricedThread(authors[0]!, 4);
    const poor = await registerUser(t.app);
    await credit(poor, '0.05', 'batch-poor-fund');
    await post(poor, 'users/pay-password.update', {
      payPassword: PAY_PASSWORD,
      payPasswordConfirmation: PAY_PASSWORD,
    });
    const twice = payers[0]!;
    const before = { poor: await fen(poor), twice: await fen(twice) };
    const sends = [
      pay(poor, { type: OrderType.REWARD, threadId: thread, amount: '1.00' }),
      pay(twice, { type: OrderType.THREAD, threadId: thread }),
      pay(twice, { type: OrderType.THREAD, threadId: thread }),
      ...payers.slice(1).map((p) => pay(p, { type: OrderType.REWARD, threadId: thread, amount: '0.10' })),
    ];
    const [short, firstBuy, secondBuy, ...tips] = await Promise.all(sends);
    expect(short!.Code).toBe(-4001);
    expect([firstBuy!.Code, secondBuy!.Code].sort()).toEqual([-4003, 0]);
    expect(tips.map((x) => x.Code)).toEqual(tips.map(() => 0));
    // Nothing of the refused payments was written: no order for the poor member, one purchase, one debit.
    expect(await sql(`SELECT 1 FROM orders WHERE user_id = $1`, [poor.userId])).toHaveLength(0);
    expect(await fen(poor)).toBe(before.poor);
    const buys = await sql(`SELECT 1 FROM thread_purchases WHERE user_id = $1 AND thread_id = $2`, [
      twice.userId,
      thread,
    ]);
    expect(buys).toHaveLength(1);
    expect(before.twice - (await fen(twice))).toBe(400);
    expect((await sql(`SELECT paid_count FROM threads WHERE id = $1`, [thread]))[0]!.paid_count).toBe(1);
    // The tips' SQL fulfil counted each paid tip once (the refused one not).
    const [counts] = await sql(`SELECT rewarded_count FROM threads WHERE id = $1`, [thread]);
    expect(counts!.rewarded_count).toBe(tips.length);
    expect((await reconcile(t.app.forum.database.db)).driftingUserIds).toEqual([]);
  });

  it('one create key sent five times at once makes one order, paid once, and every answer names it', async () => {
    const thread = await pricedThread(authors[1]!, 1);
    const p = payers[2]!;
    const before = await fen(p);
    const r = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        pay(p, {
          type: OrderType.REWARD,
          threadId: thread,
          amount: '0.50',
          idempotencyKey: 'batch-key-000001',
        }),
      ),
    );
    expect(r.map((x) => x.Code)).toEqual([0, 0, 0, 0, 0]);
    expect(new Set(r.map((x) => x.Data.orderSn)).size).toBe(1);
    expect(r.every((x) => x.Data.status === 1)).toBe(true);
    expect(before - (await fen(p))).toBe(50);
  });

  it('two calls (create, then pay by wallet) are batched too: each order paid once, refusals exact', async () => {
    const threads = await Promise.all([pricedThread(authors[0]!, 1), pricedThread(authors[2]!, 2)]);
    const people = payers.slice(3, 9);
    const before = await Promise.all(people.map(fen));
    const create = (u: U, threadId: number) => post(u, 'order.create', { type: OrderType.THREAD, threadId });
    const orders = await Promise.all(people.flatMap((u) => threads.map((th) => create(u, th))));
    expect(orders.map((o) => o.Code)).toEqual(orders.map(() => 0));
    // The first payer's first order has expired; the second payer pays their first order twice at once (one key).
    const sns = orders.map((o) => String(o.Data.orderSn));
    await sql(`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE order_sn = $1`, [sns[0]]);
    const payOrder = (u: U, orderSn: string, idempotencyKey?: string) =>
      post(u, 'trade/pay/order', {
        orderSn,
        paymentType: 20,
        payPassword: PAY_PASSWORD,
        ...(idempotencyKey ? { idempotencyKey } : {}),
      });
    const owner = (i: number) => people[Math.floor(i / threads.length)]!;
    const r = await Promise.all([
      ...sns.map((sn, i) => payOrder(owner(i), sn, `two-call-${i}`)),
      payOrder(owner(2), sns[2]!, 'two-call-2'),
    ]);
    expect(r[0]!.Code).not.toBe(0);
    expect(r.slice(1).map((x) => x.Code)).toEqual(r.slice(1).map(() => 0));
    expect(r.slice(1).every((x) => x.Data.status === 1)).toBe(true);

    const rows = await sql(
      `SELECT order_sn, status, payment_type, ledger_transaction_id, pay_key FROM orders
       WHERE order_sn = ANY($1)`,
      [sns],
    );
    // Posted in shared batches (one transaction clock each), not one transaction per payment.
    const clocks = await sql(
      `SELECT t.created_at FROM ledger_transactions t JOIN orders o ON o.ledger_transaction_id = t.id
       WHERE o.order_sn = ANY($1)`,
      [sns],
    );
    expect(clocks).toHaveLength(sns.length - 1);
    expect(new Set(clocks.map((c) => String(c.created_at))).size).toBeLessThan(clocks.length);
    const bySn = new Map(rows.map((o) => [o.order_sn, o]));
    expect(bySn.get(sns[0])!.status).not.toBe(1);
    for (const [i, sn] of sns.entries()) {
      if (i === 0) continue;
      const o = bySn.get(sn)!;
      expect([o.status, o.payment_type, o.pay_key]).toEqual([1, 20, `two-call-${i}`]);
      expect(o.ledger_transaction_id).not.toBeNull();
    }
    // Money: every order but the expired one paid once (1 + 2 yuan per payer, the first payer 2 only).
    const after = await Promise.all(people.map(fen));
    people.forEach((_, i) => expect(before[i]! - after[i]!).toBe(i === 0 ? 200 : 300));
    // In the order of `threads` (made at once, so their ids may come either way round).
    const counts = await sql(`SELECT id, paid_count FROM threads WHERE id = ANY($1::int[])`, [threads]);
    const paidCount = new Map(counts.map((c) => [Number(c.id), c.paid_count]));
    expect(threads.map((id) => paidCount.get(Number(id)))).toEqual([people.length - 1, people.length]);
    // A repeat of a paid request with its key answers the first reply; the expired order is still unpaid.
    const again = await payOrder(owner(3), sns[3]!, 'two-call-3');
    expect([again.Code, again.Data.status]).toEqual([0, 1]);
    expect(before[1]! - (await fen(people[1]!))).toBe(300);
    expect((await reconcile(t.app.forum.database.db)).driftingUserIds).toEqual([]);
  });
});
