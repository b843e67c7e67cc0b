import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../platform/db/db.js';
import { constraintOf, sqlState } from '../../platform/db/errors.js';

/** A wallet row as locked for a posting; balances in fen. */
export interface WalletRow {
  userId: number;
  available: bigint;
  frozen: bigint;
  status: number;
}

/** A transaction's stored first answer. */
export interface StoredTransaction {
  id: number;
  fingerprint: string | null;
  result: unknown;
}

/** What a ledger transaction row is written with. */
export interface TransactionHead {
  reason: number;
  idempotencyKey: string | null;
  actorId: number | null;
  memo: string;
  fingerprint: string | null;
  /** A past date for imported history; null dates it now. */
  at: Date | null;
}

/**
 * Claims the idempotency key (if any) by inserting the transaction row; null when the key is already taken.
 * ON CONFLICT waits for a concurrent holder of the key to finish, so exactly one claim wins.
 */
export async function claimTransaction(tx: DbOrTx, t: TransactionHead): Promise<number | null> {
  const at = t.at ? t.at.toISOString() : null;
  const rows = await rowsOf<{ id: string }>(
    tx,
    sql`INSERT INTO ledger_transactions (reason, idempotency_key, actor_id, memo, fingerprint, created_at)
        VALUES (${t.reason}, ${t.idempotencyKey}, ${t.actorId}, ${t.memo}, ${t.fingerprint},
          coalesce(${at}::timestamptz, now()))
        ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/** The transaction that holds an idempotency key, with its first result. */
export async function transactionByKey(tx: DbOrTx, key: string): Promise<StoredTransaction | null> {
  const rows = await rowsOf<{ id: string; fingerprint: string | null; result: unknown }>(
    tx,
    sql`SELECT id, fingerprint, result FROM ledger_transactions WHERE idempotency_key = ${key}`,
  );
  const r = rows[0];
  return r ? { id: Number(r.id), fingerprint: r.fingerprint, result: r.result } : null;
}

/** Stores a transaction's first result (the append-only trigger allows this once). */
export async function storeResult(tx: DbOrTx, id: number, result: unknown): Promise<void> {
  await tx.execute(
    sql`UPDATE ledger_transactions SET result = ${JSON.stringify(result)}::jsonb WHERE id = ${id}`,
  );
}

/** One move as the posting function takes it. */
export interface PostingMove {
  kind: string;
  userId: number | null;
  amount: bigint;
  reason: number;
}

/** What the posting function answers: a fresh posting's wallets, or the first answer of a key already used. */
export type PostingOutcome =
  | { duplicate: false; transactionId: number; wallets: StoredWallet[] }
  | { duplicate: true; transactionId: number; fingerprint: string | null; result: unknown };

/** A wallet as a posting stores it in its answer (fen as decimal strings). */
export interface StoredWallet {
  userId: number;
  available: string;
  frozen: string;
  status: number;
}

/**
 * The posting function's refusal of a balance that would go below zero: FL001, raised before anything is
 * written, or the wallets' own CHECK as the database's backstop.
 */
export function isInsufficientBalance(err: unknown): boolean {
  const state = sqlState(err);
  return state === 'FL001' || (state === '23514' && constraintOf(err) === 'wallets_balance_ck');
}

/**
 * Writes one posting in one round trip through the `ledger_post` function (migrations 0018, 0020): the key claimed,
 * the wallets created and locked in user-id order, the balances checked and moved, the accounts created, the
 * entries written and the first result kept, all in that one statement.
 */
export async function postMoves(
  tx: DbOrTx,
  t: TransactionHead,
  moves: PostingMove[],
): Promise<PostingOutcome> {
  const at = t.at ? t.at.toISOString() : null;
  const rows = await rowsOf<{ r: PostingOutcome }>(
    tx,
    sql`SELECT ledger_post(${t.reason}, ${t.idempotencyKey}, ${t.actorId}, ${t.memo}, ${t.fingerprint},
          ${at}::timestamptz,
          ${sql.param(moves.map((m) => m.kind))}::text[], ${sql.param(moves.map((m) => m.userId))}::int[],
          ${sql.param(moves.map((m) => m.amount.toString()))}::bigint[],
          ${sql.param(moves.map((m) => m.reason))}::int[]) AS r`,
  );
  return rows[0]!.r;
}

/** Creates missing wallets, then locks the wallets in user-id order (the one lock order that avoids deadlocks). */
export async function lockWallets(tx: DbOrTx, userIds: number[]): Promise<Map<number, WalletRow>> {
  const sorted = [...new Set(userIds)].sort((a, b) => a - b);
  if (sorted.length === 0) return new Map();
  await tx.execute(
    sql`INSERT INTO wallets (user_id) SELECT u FROM unnest(${sql.param(sorted)}::int[]) AS x(u)
        ORDER BY u ON CONFLICT DO NOTHING`,
  );
  const rows = await rowsOf<{ user_id: number; available: string; frozen: string; status: number }>(
    tx,
    sql`SELECT user_id, available, frozen, status FROM wallets
        WHERE user_id = ANY(${sql.param(sorted)}::int[]) ORDER BY user_id FOR UPDATE`,
  );
  return new Map(rows.map((r) => [r.user_id, toWallet(r)]));
}

/** Sets a locked wallet's withdrawal status. */
export async function updateStatus(tx: DbOrTx, userId: number, status: number): Promise<void> {
  await tx.execute(sql`UPDATE wallets SET status = ${status}, updated_at = now() WHERE user_id = ${userId}`);
}

/** A wallet without locking it (null before its first movement). */
export async function readWallet(db: DbOrTx, userId: number): Promise<WalletRow | null> {
  const rows = await rowsOf<{ user_id: number; available: string; frozen: string; status: number }>(
    db,
    sql`SELECT user_id, available, frozen, status FROM wallets WHERE user_id = ${userId}`,
  );
  return rows[0] ? toWallet(rows[0]) : null;
}

/** One wallet-log row. */
export interface EntryRow {
  id: number;
  transactionId: number;
  kind: string;
  amount: bigint;
  reason: number;
  memo: string;
  createdAt: Date;
}

/** Which log lines to list: change types (the entries' own reasons) and UTC days, both ends inclusive. */
export interface LogFilter {
  changeTypes?: number[];
  startDay?: string;
  endDay?: string;
}

/** A member's entries on their own accounts, newest first, and how many there are. */
export async function listEntries(
  db: DbOrTx,
  userId: number,
  page: { limit: number; offset: number },
  filter: LogFilter = {},
): Promise<{ rows: EntryRow[]; total: number }> {
  const where = [sql`e.account_id IN (SELECT id FROM ledger_accounts WHERE user_id = ${userId})`];
  if (filter.changeTypes?.length) where.push(sql`e.reason = ANY(${sql.param(filter.changeTypes)}::int[])`);
  if (filter.startDay) where.push(sql`t.created_at >= ${filter.startDay}::date`);
  if (filter.endDay) where.push(sql`t.created_at < ${filter.endDay}::date + 1`);
  const mine = sql.join(where, sql` AND `);
  const [rows, count] = await Promise.all([
    rowsOf<{
      id: string;
      transaction_id: string;
      kind: string;
      amount: string;
      reason: number;
      memo: string;
      created_at: Date;
    }>(
      db,
      sql`SELECT e.id, e.transaction_id, a.kind, e.amount, e.reason, t.memo, t.created_at
          FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
          JOIN ledger_transactions t ON t.id = e.transaction_id
          WHERE ${mine} ORDER BY e.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
    ),
    rowsOf<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
          WHERE ${mine}`,
    ),
  ]);
  return {
    rows: rows.map((r) => ({
      id: Number(r.id),
      transactionId: Number(r.transaction_id),
      kind: r.kind,
      amount: BigInt(r.amount),
      reason: r.reason,
      memo: r.memo,
      createdAt: new Date(r.created_at),
    })),
    total: count[0]?.n ?? 0,
  };
}

function toWallet(r: { user_id: number; available: string; frozen: string; status: number }): WalletRow {
  return { userId: r.user_id, available: BigInt(r.available), frozen: BigInt(r.frozen), status: r.status };
}

/** What a reconciliation finds: wallets that differ from their entries, unbalanced transactions, the total. */
export interface LedgerCheck {
  driftingUserIds: number[];
  unbalancedTransactionIds: number[];
  /** Sum of every entry; zero in a sound ledger. */
  total: bigint;
}

/** Recomputes every wallet from its entries and every transaction's sum (a job or a test; scans the ledger). */
export async function reconcile(db: DbOrTx): Promise<LedgerCheck> {
  const [drift, unbalanced, total] = await Promise.all([
    rowsOf<{ user_id: number }>(
      db,
      sql`SELECT w.user_id FROM wallets w
          LEFT JOIN LATERAL (
            SELECT coalesce(sum(e.amount) FILTER (WHERE a.kind = 'member_available'), 0) AS av,
                   coalesce(sum(e.amount) FILTER (WHERE a.kind = 'member_frozen'), 0) AS fr
            FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id WHERE a.user_id = w.user_id
          ) s ON true
          WHERE w.available <> s.av OR w.frozen <> s.fr ORDER BY w.user_id`,
    ),
    rowsOf<{ transaction_id: string }>(
      db,
      sql`SELECT transaction_id FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0`,
    ),
    rowsOf<{ s: string }>(db, sql`SELECT coalesce(sum(amount), 0)::text AS s FROM ledger_entries`),
  ]);
  return {
    driftingUserIds: drift.map((r) => r.user_id),
    unbalancedTransactionIds: unbalanced.map((r) => Number(r.transaction_id)),
    total: BigInt(total[0]?.s ?? '0'),
  };
}
