import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/db.js';
import { AppError } from '../../platform/http/errors.js';
import { call } from '../../test/harness.js';
import { ledgerFixture } from './ledger-fixture.js';
import { fenToYuan } from './money.js';

const USERS = 20;
const OPS = 2_000;
const DUPLICATE_SHARE = 0.05;
const OPENING_FEN = 50_000;

const f = ledgerFixture({ members: USERS, funded: USERS, openingFen: OPENING_FEN });
const { ledger, sql } = f;
let db: Db;
let adminToken: string;
let ids: number[];
beforeAll(() => {
  db = f.db;
  adminToken = f.admin.token;
  ids = f.members.map((u) => u.userId);
});

/** A seeded generator, so a failing run can be replayed. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

type Op =
  | { kind: 'transfer'; key: string; from: number; to: number; fen: number }
  | { kind: 'freeze' | 'unfreeze'; key: string; userId: number; fen: number }
  | { kind: 'admin'; key: string; userId: number; operate: 1 | 2; fen: number };
type Answer = { key: string; ok: boolean; transactionId?: number; duplicate?: boolean; detail?: string };

/** Runs one operation the way its real caller would: the ledger directly, or the admin call over HTTP. */
async function run(op: Op): Promise<Answer> {
  if (op.kind === 'admin') {
    const r = await call(f.t.app, 'POST', '/api/backAdmin/update.user.wallet', {
      token: adminToken,
      body: {
        userId: op.userId,
        operate: op.operate,
        amount: fenToYuan(BigInt(op.fen)),
        reason: 'load',
        idempotencyKey: op.key,
      },
    });
    if (r.Code === -4001 && r.Message.includes('insufficient')) return { key: op.key, ok: false };
    if (r.Code !== 0) throw new Error(`admin call failed: ${r.Code} ${r.Message}`);
    return { key: op.key, ok: true, transactionId: r.Data.transactionId, duplicate: r.Data.duplicate };
  }
  try {
    const meta = { actorId: null, idempotencyKey: op.key };
    const r =
      op.kind === 'transfer'
        ? await ledger.transfer(db, {
            ...meta,
            fromUserId: op.from,
            toUserId: op.to,
            amount: op.fen,
            reason: 31,
          })
        : await ledger[op.kind](db, { ...meta, userId: op.userId, amount: op.fen });
    return {
      key: op.key,
      ok: true,
      transactionId: r.transactionId,
      duplicate: r.duplicate,
      detail: JSON.stringify(r.wallets),
    };
  } catch (err) {
    if (err instanceof AppError && err.message.includes('insufficient')) return { key: op.key, ok: false };
    throw err;
  }
}

describe('ledger under concurrency', () => {
  it(`${OPS} concurrent transfers, freezes and admin adjustments with ${DUPLICATE_SHARE * 100}% duplicate keys stay exact`, async () => {
    const rnd = random(12);
    const pick = () => ids[Math.floor(rnd() * USERS)]!;
    const ops: Op[] = [];
    for (let i = 0; i < OPS; i++) {
      if (i > 0 && rnd() < DUPLICATE_SHARE) {
        ops.push(ops[Math.floor(rnd() * ops.length)]!);
        continue;
      }
      const key = `load-${String(i).padStart(5, '0')}`;
      const fen = 1 + Math.floor(rnd() * 4_000);
      const r = rnd();
      if (r < 0.75) {
        const from = pick();
        let to = pick();
        while (to === from) to = pick();
        ops.push({ kind: 'transfer', key, from, to, fen });
      } else if (r < 0.9) ops.push({ kind: rnd() < 0.6 ? 'freeze' : 'unfreeze', key, userId: pick(), fen });
      else ops.push({ kind: 'admin', key, userId: pick(), operate: rnd() < 0.5 ? 1 : 2, fen });
    }
    const started = performance.now();
    const answers = await Promise.all(ops.map(run));
    const ms = Math.round(performance.now() - started);

    // Every duplicate got the first result: one transaction per key, all successes agree on it.
    const byKey = new Map<string, Answer[]>();
    for (const a of answers) byKey.set(a.key, [...(byKey.get(a.key) ?? []), a]);
    let duplicatesAnswered = 0;
    for (const group of byKey.values()) {
      const ok = group.filter((a) => a.ok);
      expect(ok.filter((a) => !a.duplicate).length).toBeLessThanOrEqual(1);
      expect(new Set(ok.map((a) => a.transactionId)).size).toBeLessThanOrEqual(1);
      expect(new Set(ok.map((a) => a.detail)).size).toBeLessThanOrEqual(1);
      duplicatesAnswered += ok.filter((a) => a.duplicate).length;
    }
    const distinctOk = [...byKey.values()].filter((g) => g.some((a) => a.ok)).length;
    const [keyed] = await sql(
      `SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key LIKE 'load-%' OR idempotency_key LIKE 'admin:load-%'`,
    );
    expect(keyed!.n).toBe(distinctOk);

    // Each wallet equals the sum of its accounts' entries; no balance below zero; everything sums to zero.
    const drift = await sql(`
      SELECT w.user_id FROM wallets w
      LEFT JOIN LATERAL (
        SELECT coalesce(sum(e.amount) FILTER (WHERE a.kind = 'member_available'), 0) AS av,
               coalesce(sum(e.amount) FILTER (WHERE a.kind = 'member_frozen'), 0) AS fr
        FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id WHERE a.user_id = w.user_id
      ) s ON true
      WHERE w.available <> s.av OR w.frozen <> s.fr`);
    expect(drift).toEqual([]);
    // The ledger's own reconciliation agrees.
    expect(await ledger.reconcile(db)).toEqual({
      driftingUserIds: [],
      unbalancedTransactionIds: [],
      total: 0n,
    });
    const [totals] = await sql(`SELECT
        (SELECT sum(amount) FROM ledger_entries)::text AS all_entries,
        (SELECT min(least(available, frozen)) FROM wallets)::text AS lowest,
        (SELECT sum(available + frozen) FROM wallets)::text AS members,
        (SELECT -sum(e.amount) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
          WHERE a.kind = 'manual_adjustment')::text AS injected,
        (SELECT count(*) FROM (SELECT 1 FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0) x)::int
          AS unbalanced`);
    expect(totals).toMatchObject({ all_entries: '0', unbalanced: 0 });
    expect(BigInt(totals!.lowest as string)).toBeGreaterThanOrEqual(0n);
    // Money is conserved: members hold exactly what the administrator put in net.
    expect(totals!.members).toBe(totals!.injected);

    const refused = answers.filter((a) => !a.ok).length;
    console.info(
      `ledger load: ${OPS} ops (${USERS} users, ${answers.length - byKey.size} duplicate sends) in ${ms} ms; ` +
        `${distinctOk} posted, ${refused} refused for balance, ${duplicatesAnswered} duplicates answered with the first result`,
    );
    expect(duplicatesAnswered).toBeGreaterThan(0);
  }, 120_000);
});
