import { and, count, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx, type Tx } from '../../platform/db/db.js';
import { withinDays } from '../../platform/db/day-range.js';
import { users } from '../../schema.js';
import { walletCash } from './cash.table.js';

/** A withdrawal row with its owner's name. */
export type CashRow = typeof walletCash.$inferSelect & { username: string };

/** The list filters (days are UTC, inclusive). */
export interface CashFilter {
  userId?: number;
  cashStatus?: number;
  username?: string;
  cashSn?: string;
  createdAtBegin?: string;
  createdAtEnd?: string;
}

/**
 * Locks the member's wallet row (applications of one member run one at a time, so the interval and daily
 * limits cannot be raced); null when the member has never had money.
 */
export async function lockWallet(
  tx: Tx,
  userId: number,
): Promise<{ available: bigint; status: number } | null> {
  const rows = await rowsOf<{ available: string; status: number }>(
    tx,
    sql`SELECT available::text AS available, status FROM wallets WHERE user_id = ${userId} FOR UPDATE`,
  );
  return rows[0] ? { available: BigInt(rows[0].available), status: rows[0].status } : null;
}

/** Whether the member applied (a request not rejected) within the last `days` days. */
export async function appliedWithin(tx: Tx, userId: number, days: number): Promise<boolean> {
  const rows = await rowsOf<{ n: number }>(
    tx,
    sql`SELECT 1 AS n FROM wallet_cash WHERE user_id = ${userId} AND status <> 3
        AND created_at > now() - make_interval(days => ${days}) LIMIT 1`,
  );
  return rows.length > 0;
}

/** Fen the member asked for today (UTC), rejected and failed requests aside. */
export async function appliedToday(tx: Tx, userId: number): Promise<bigint> {
  const rows = await rowsOf<{ s: string }>(
    tx,
    sql`SELECT coalesce(sum(apply_fen), 0)::text AS s FROM wallet_cash WHERE user_id = ${userId}
        AND status NOT IN (3, 6) AND created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
  );
  return BigInt(rows[0]!.s);
}

/** Inserts a new (pending) request. */
export async function insertCash(
  tx: Tx,
  row: Pick<
    typeof walletCash.$inferInsert,
    'cashSn' | 'userId' | 'applyFen' | 'feeFen' | 'actualFen' | 'receiveAccount' | 'idempotencyKey'
  >,
): Promise<number | null> {
  // Null when the number is taken (the caller draws another); the key cannot be, its wallet is locked.
  const [r] = await tx.insert(walletCash).values(row).onConflictDoNothing().returning({ id: walletCash.id });
  return r?.id ?? null;
}

/** Locks one request for a review step. */
export async function lockCash(tx: Tx, id: number): Promise<typeof walletCash.$inferSelect | null> {
  const rows = await tx.select().from(walletCash).where(eq(walletCash.id, id)).for('update');
  return rows[0] ?? null;
}

/** Records a review step. */
export async function setStatus(
  tx: Tx,
  id: number,
  s: { status: number; reviewerId: number | null; remark: string; traded: boolean },
): Promise<void> {
  await tx
    .update(walletCash)
    .set({
      status: s.status,
      reviewerId: s.reviewerId,
      remark: s.remark,
      updatedAt: sql`now()`,
      ...(s.traded ? { tradeTime: sql`now()` } : {}),
    })
    .where(eq(walletCash.id, id));
}

const columns = { ...getTableColumns(walletCash), username: users.username };

/** One request with its owner's name, by id or by idempotency key. */
export async function findCash(db: DbOrTx, by: { id: number } | { key: string }): Promise<CashRow | null> {
  const where = 'id' in by ? eq(walletCash.id, by.id) : eq(walletCash.idempotencyKey, by.key);
  const rows = await db
    .select(columns)
    .from(walletCash)
    .innerJoin(users, eq(users.id, walletCash.userId))
    .where(where);
  return rows[0] ?? null;
}

/** A page of requests, newest first. */
export async function listCash(
  db: DbOrTx,
  f: CashFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: CashRow[]; total: number }> {
  const c: SQL[] = [];
  if (f.userId) c.push(eq(walletCash.userId, f.userId));
  if (f.cashStatus) c.push(eq(walletCash.status, f.cashStatus));
  if (f.username) c.push(sql`lower(${users.username}) = lower(${f.username})`);
  if (f.cashSn) c.push(eq(walletCash.cashSn, f.cashSn));
  c.push(...withinDays(walletCash.createdAt, f.createdAtBegin, f.createdAtEnd));
  const where = c.length ? and(...c) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(walletCash)
      .innerJoin(users, eq(users.id, walletCash.userId))
      .where(where)
      .orderBy(desc(walletCash.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(walletCash).innerJoin(users, eq(users.id, walletCash.userId)).where(where),
  ]);
  return { rows, total: total!.n };
}
