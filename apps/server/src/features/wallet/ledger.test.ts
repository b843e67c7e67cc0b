import { sql as q } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/db.js';
import { inTransaction } from '../../platform/db/tx.js';
import { AppError } from '../../platform/http/errors.js';
import type { Account } from './ledger.service.js';
import { ledgerFixture } from './ledger-fixture.js';

// Two members: a starts with 100.00 yuan, b with nothing.
const f = ledgerFixture({ members: 2, funded: 1, openingFen: 10_000 });
const { ledger, sql } = f;
let db: Db;
let a: number;
let b: number;
beforeAll(() => {
  db = f.db;
  [a, b] = f.members.map((m) => m.userId) as [number, number];
});

/** a pays b (a member-to-member move, reason 31), on the pool or inside a transaction. */
const pay = (amount: number, idempotencyKey?: string, on: Db = db) =>
  ledger.transfer(on, { fromUserId: a, toUserId: b, amount, reason: 31, actorId: a, idempotencyKey });
const wallet = async (userId: number) =>
  (
    await sql('SELECT available::int AS a, frozen::int AS f, status FROM wallets WHERE user_id = $1', [
      userId,
    ])
  )[0];
const counts = async () =>
  (
    await sql(`SELECT (SELECT count(*)::int FROM ledger_transactions) AS t,
      (SELECT count(*)::int FROM ledger_entries) AS e, (SELECT count(*)::int FROM ledger_accounts) AS acc`)
  )[0];
const avail = (userId: number): Account => ({ kind: 'member_available', userId });
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 0,
    (err: unknown) => (err instanceof AppError ? err.code : String(err)),
  );

describe('ledger core', () => {
  it('transfers, freezes and unfreezes with balanced entries', async () => {
    const r = await pay(2_500);
    expect(r.duplicate).toBe(false);
    // Wallets come back in lock order (user id), whichever side of the transfer they were on.
    const expected = [
      { userId: a, available: '7500', frozen: '0', status: 0 },
      { userId: b, available: '2500', frozen: '0', status: 0 },
    ].sort((x, y) => x.userId - y.userId);
    expect(r.wallets).toEqual(expected);
    await ledger.freeze(db, { userId: b, amount: 1_000n });
    await ledger.unfreeze(db, { userId: b, amount: 400 });
    expect(await wallet(b)).toEqual({ a: 1_900, f: 600, status: 0 });
    const reasons = await sql(`SELECT reason FROM ledger_transactions ORDER BY id DESC LIMIT 2`);
    expect(reasons.map((x) => x.reason)).toEqual([12, 10]);
  });

  it('refuses unbalanced, zero, fractional and unsafe moves, writing nothing', async () => {
    const before = await counts();
    const post = (moves: { account: Account; amount: number | bigint }[]) =>
      codeOf(ledger.post(db, { reason: 32, actorId: null, moves }));
    expect(
      await post([
        { account: avail(a), amount: 5 },
        { account: { kind: 'site_revenue' }, amount: -4 },
      ]),
    ).toBe(-4001);
    expect(
      await post([
        { account: avail(a), amount: 0 },
        { account: { kind: 'site_revenue' }, amount: 0 },
      ]),
    ).toBe(-4001);
    expect(
      await post([
        { account: avail(a), amount: 0.5 },
        { account: avail(b), amount: -0.5 },
      ]),
    ).toBe(-4001);
    expect(
      await post([
        { account: avail(a), amount: 2n ** 60n },
        { account: avail(b), amount: -(2n ** 60n) },
      ]),
    ).toBe(-4001);
    expect(await post([{ account: avail(a), amount: 1 }])).toBe(-4001);
    expect(await counts()).toEqual(before);
  });

  it('refuses a negative balance with -4001 and writes nothing, key included', async () => {
    const before = await counts();
    const w = await wallet(b);
    // b pays a back (reason 41) more than b holds.
    const payBack = () =>
      ledger.transfer(db, {
        fromUserId: b,
        toUserId: a,
        amount: 1_901,
        reason: 41,
        actorId: b,
        idempotencyKey: 'too-much',
      });
    const r = payBack();
    await expect(r).rejects.toMatchObject({ code: -4001, message: 'amount: insufficient balance' });
    expect(await counts()).toEqual(before);
    expect(await wallet(b)).toEqual(w);
    // The key was not kept: the same request succeeds once the money is there.
    expect(await codeOf(ledger.unfreeze(db, { userId: b, amount: 1 }))).toBe(0);
    expect(await codeOf(payBack())).toBe(0);
  });

  it('a duplicate key, even ten at once, moves money once and answers the first result', async () => {
    const before = await wallet(a);
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(100, 'ten')));
    expect(answers.filter((x) => !x.duplicate)).toHaveLength(1);
    const first = answers.find((x) => !x.duplicate)!;
    for (const x of answers) expect({ ...x, duplicate: false }).toEqual(first);
    expect((await wallet(a))!.a).toBe((before!.a as number) - 100);
    expect(
      await sql(`SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = 'ten'`),
    ).toEqual([{ n: 1 }]);
    // The same key for a different request is refused rather than answered with someone else's result.
    const other = pay(101, 'ten');
    await expect(other).rejects.toMatchObject({
      code: -4001,
      message: expect.stringContaining('idempotencyKey'),
    });
  });

  it("each entry keeps its move's reason (the posting's by default), and the key's fingerprint holds them", async () => {
    const moves = (payeeReason: number) => [
      { account: avail(a), amount: -30 },
      { account: avail(b), amount: 20, reason: payeeReason },
      { account: { kind: 'site_revenue' } as const, amount: 10 },
    ];
    const r = await ledger.post(db, { reason: 61, actorId: a, idempotencyKey: 'per-move', moves: moves(60) });
    const rows = await sql(
      `SELECT a.kind, e.reason FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
       WHERE e.transaction_id = $1 ORDER BY e.id`,
      [r.transactionId],
    );
    expect(rows).toEqual([
      { kind: 'member_available', reason: 61 },
      { kind: 'member_available', reason: 60 },
      { kind: 'site_revenue', reason: 61 },
    ]);
    const again = await ledger.post(db, {
      reason: 61,
      actorId: a,
      idempotencyKey: 'per-move',
      moves: moves(60),
    });
    expect(again).toMatchObject({ duplicate: true, transactionId: r.transactionId });
    // The same key and amounts with another line reason is a different request.
    const other = ledger.post(db, { reason: 61, actorId: a, idempotencyKey: 'per-move', moves: moves(62) });
    await expect(other).rejects.toMatchObject({
      code: -4001,
      message: expect.stringContaining('idempotencyKey'),
    });
    const before = await counts();
    expect(await codeOf(ledger.post(db, { reason: 61, actorId: a, moves: moves(60.5) }))).toBe(-4001);
    expect(await counts()).toEqual(before);
  });

  it('a transaction failing midway leaves nothing, and the database itself refuses unbalanced entries', async () => {
    const before = await counts();
    const wa = await wallet(a);
    const failing = inTransaction(db, async (tx) => {
      await pay(50, 'mid-1', tx);
      await ledger.freeze(tx, { userId: a, amount: 20, idempotencyKey: 'mid-2' });
      throw new Error('crash after two postings');
    });
    await expect(failing).rejects.toThrow('crash after two postings');
    expect(await counts()).toEqual(before);
    expect(await wallet(a)).toEqual(wa);
    // Bypassing the service: an entry without its counterpart fails (the statement trigger on ledger_entries).
    const raw = inTransaction(db, async (tx) => {
      const [row] = (
        (await tx.execute(
          q`INSERT INTO ledger_transactions (reason, memo) VALUES (32, 'raw') RETURNING id`,
        )) as unknown as {
          rows: { id: string }[];
        }
      ).rows;
      const acc = await tx.execute(q`SELECT id FROM ledger_accounts WHERE kind = 'manual_adjustment'`);
      const accountId = (acc as unknown as { rows: { id: number }[] }).rows[0]!.id;
      await tx.execute(
        q`INSERT INTO ledger_entries (transaction_id, account_id, amount, reason) VALUES (${row!.id}, ${accountId}, 7, 32)`,
      );
    });
    // drizzle wraps the driver's error (`Failed query: ...`); the database's reason is its cause.
    await expect(raw).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/does not balance/) },
    });
    expect(await counts()).toEqual(before);
  });

  it('a database connection killed in the middle of a payment leaves none of it', async () => {
    const before = await counts();
    const wa = await wallet(a);
    const killed = inTransaction(db, async (tx) => {
      await pay(70, 'kill-1', tx);
      const pid = (
        (await tx.execute(q`SELECT pg_backend_pid() AS pid`)) as unknown as { rows: { pid: number }[] }
      ).rows[0]!.pid;
      // Terminated while a statement runs, as a crash or a network cut would do mid-payment.
      const slow = tx.execute(q`SELECT pg_sleep(5)`);
      await sql('SELECT pg_sleep(0.2), pg_terminate_backend($1)', [pid]);
      await slow;
      await ledger.freeze(tx, { userId: a, amount: 10, idempotencyKey: 'kill-2' });
    });
    await expect(killed).rejects.toBeTruthy();
    expect(await counts()).toEqual(before);
    expect(await wallet(a)).toEqual(wa);
    // The key is free again: the retried payment goes through once.
    const retry = await pay(70, 'kill-1');
    expect(retry.duplicate).toBe(false);
  });

  it('the ledger is append-only', async () => {
    await expect(sql('UPDATE ledger_entries SET amount = amount * 2')).rejects.toThrow(/append-only/);
    await expect(sql('DELETE FROM ledger_entries')).rejects.toThrow(/append-only/);
    await expect(sql(`UPDATE ledger_transactions SET memo = 'x'`)).rejects.toThrow(/append-only/);
    await expect(sql('DELETE FROM ledger_transactions')).rejects.toThrow(/append-only/);
    await expect(sql('TRUNCATE ledger_entries, ledger_transactions')).rejects.toThrow(/append-only/);
    await expect(sql('UPDATE wallets SET available = -1')).rejects.toThrow(/wallets_balance_ck/);
  });

  it('imported history keeps its past date (`at`); a future one is refused', async () => {
    const at = new Date('2021-06-01T08:00:00Z');
    const r = await ledger.adjust(db, { userId: b, amount: 100, actorId: null, idempotencyKey: 'dated', at });
    const [row] = await sql('SELECT created_at FROM ledger_transactions WHERE id = $1', [r.transactionId]);
    expect(new Date(row!.created_at as string).toISOString()).toBe(at.toISOString());
    const live = await ledger.adjust(db, { userId: b, amount: 100, actorId: null });
    const [now] = await sql('SELECT created_at FROM ledger_transactions WHERE id = $1', [live.transactionId]);
    expect(Date.now() - new Date(now!.created_at as string).getTime()).toBeLessThan(60_000);
    const before = await counts();
    const later = new Date(Date.now() + 3_600_000);
    expect(await codeOf(ledger.adjust(db, { userId: b, amount: 100, actorId: null, at: later }))).toBe(-4001);
    expect(await counts()).toEqual(before);
  });
});
