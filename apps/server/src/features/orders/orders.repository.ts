import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { rawRows, rowsOf, type Db, type DbOrTx } from '../../platform/db/db.js';
import { orderChildren, orders, payNotifies } from './orders.table.js';

/** An order row as stored. */
export type OrderRow = typeof orders.$inferSelect;
/** What a new order is inserted with. */
export type NewOrder = typeof orders.$inferInsert;
/** A merged order's part as stored. */
export type OrderChildRow = typeof orderChildren.$inferSelect;

/** Inserts an order; null when the payer's create key is already taken (a repeat). */
export async function insertOrder(db: DbOrTx, row: NewOrder): Promise<OrderRow | null> {
  const rows = await db.insert(orders).values(row).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

/** The order a payer created with this key; `lock` takes its row lock (to pay it). */
export async function orderByCreateKey(
  db: DbOrTx,
  userId: number,
  key: string,
  lock = false,
): Promise<OrderRow | null> {
  const q = db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.createKey, key)));
  const rows = lock ? await q.for('update') : await q;
  return rows[0] ?? null;
}

/** An order by number; `lock` takes its row lock so one payment wins. */
export async function orderBySn(db: DbOrTx, orderSn: string, lock = false): Promise<OrderRow | null> {
  const q = db.select().from(orders).where(eq(orders.orderSn, orderSn));
  const rows = lock ? await q.for('update') : await q;
  return rows[0] ?? null;
}

/** Changes an order's columns (status, payment fields). */
export async function updateOrder(db: DbOrTx, id: number, patch: Partial<NewOrder>): Promise<OrderRow> {
  const rows = await db
    .update(orders)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(orders.id, id))
    .returning();
  return rows[0]!;
}

/** Pending orders whose 15 minutes are over become expired; answers how many. */
export async function expirePending(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .update(orders)
    .set({ status: 4, updatedAt: now })
    .where(and(eq(orders.status, 0), lt(orders.expiresAt, now)))
    .returning({ id: orders.id });
  return rows.length;
}

/** Pending orders handed to a provider, oldest first (for the provider query). */
export async function pendingProviderOrders(db: DbOrTx, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 0), sql`${orders.provider} IS NOT NULL`))
    .orderBy(orders.expiresAt)
    .limit(limit);
}

/** Records a provider callback once per event id; false when it was seen before (a replay). */
export async function recordNotify(db: DbOrTx, row: typeof payNotifies.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(payNotifies)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: payNotifies.id });
  return rows.length > 0;
}

/** Writes a new order's parts (a merged order's). */
export async function insertChildren(
  db: DbOrTx,
  order: { id: number; orderSn: string },
  children: { type: number; amountFen: bigint; blockId?: number | null }[],
): Promise<OrderChildRow[]> {
  if (children.length === 0) return [];
  const rows = children.map((c) => ({
    orderId: order.id,
    orderSn: order.orderSn,
    type: c.type,
    amountFen: c.amountFen,
    blockId: c.blockId ?? null,
  }));
  const saved = await db.insert(orderChildren).values(rows).returning();
  return saved.sort((a, b) => a.id - b.id);
}

/** The parts of these orders, each order's in the order they were written. */
export async function childrenOf(db: DbOrTx, orderIds: number[]): Promise<OrderChildRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderChildren)
    .where(inArray(orderChildren.orderId, orderIds))
    .orderBy(asc(orderChildren.id));
}

/**
 * One wallet payment of a batch: the order (new and written paid, or `existing` and marked paid), its ledger
 * posting and the kind's SQL fulfil.
 */
export interface BatchPayment {
  order: NewOrder & { orderSn: string; expiresAt: Date };
  /** A pending order being paid (`trade/pay/order`), with the pay request's key and reply; none: a new order. */
  existing: { id: number; payKey: string | null; payResult: unknown } | null;
  post: {
    reason: number;
    key: string | null;
    memo: string;
    fingerprint: string;
    moves: Array<{ kind: string; userId: number | null; amount: bigint; reason: number }>;
  };
  fulfilSql: string | null;
}

/** What the batch answers per payment: written, or refused with nothing changed (SQLSTATE and message). */
export type BatchOutcome =
  | { ok: true; id: number; transactionId: number; createdAt: string; paidAt: string }
  | { ok: false; state: string; message: string };

/**
 * Writes wallet payments in one statement (`order_pay_wallet_batch`, migrations 0020 and 0022): each one's order
 * (written or marked paid) and fulfil, then all their postings, under one commit. The payments go as parallel
 * arrays.
 */
export async function payWalletBatch(db: Db, items: BatchPayment[]): Promise<BatchOutcome[]> {
  const col = <T>(f: (p: BatchPayment) => T) => items.map(f);
  // A posting's moves as array literals, one per payment (numbers and the fixed account kinds need no quoting).
  const moves = (f: (m: BatchPayment['post']['moves'][number]) => string) =>
    col((p) => `{${p.post.moves.map(f).join(',')}}`);
  const users = [...new Set(items.flatMap((p) => p.post.moves.map((m) => m.userId)))]
    .filter((u): u is number => u !== null)
    .sort((a, b) => a - b);
  const rows = await rawRows<{ r: BatchOutcome[] }>(db, PAY_WALLET_BATCH, [
    users,
    col((p) => p.order.orderSn),
    col((p) => p.order.type),
    col((p) => String(p.order.amountFen)),
    col((p) => p.order.userId),
    col((p) => p.order.payeeId ?? null),
    col((p) => p.order.threadId ?? null),
    col((p) => p.order.groupId ?? null),
    col((p) => p.order.isAnonymous ?? false),
    col((p) => p.order.title ?? ''),
    col((p) => JSON.stringify(p.order.extra ?? {})),
    col((p) => p.order.createKey ?? null),
    col((p) => p.order.expiresAt.toISOString()),
    col((p) => p.post.reason),
    col((p) => p.post.key),
    col((p) => p.post.memo),
    col((p) => p.post.fingerprint),
    moves((m) => m.kind),
    moves((m) => (m.userId === null ? 'NULL' : String(m.userId))),
    moves((m) => String(m.amount)),
    moves((m) => String(m.reason)),
    col((p) => p.fulfilSql),
    col((p) => p.existing?.id ?? null),
    col((p) => p.existing?.payKey ?? null),
    col((p) => (p.existing ? JSON.stringify(p.existing.payResult) : null)),
  ]);
  return rows[0]!.r;
}

/** The batch's one statement, its parameters in the function's order (constant text: prepared once). */
const PAY_WALLET_BATCH = `SELECT order_pay_wallet_batch($1::int[], $2::text[], $3::smallint[], $4::bigint[],
  $5::int[], $6::int[], $7::int[], $8::int[], $9::boolean[], $10::text[], $11::jsonb[], $12::text[],
  $13::timestamptz[], $14::int[], $15::text[], $16::text[], $17::text[], $18::text[], $19::text[], $20::text[],
  $21::text[], $22::text[], $23::int[], $24::text[], $25::jsonb[]) AS r`;

/**
 * Runs a kind's SQL fulfil function on a paid order's row, in the paying transaction; answers why it refused
 * (it then wrote nothing), or null.
 */
export async function fulfilInSql(tx: DbOrTx, fn: string, orderId: number): Promise<string | null> {
  const rows = await rowsOf<{ refused: string | null }>(
    tx,
    sql`SELECT ${sql.identifier(fn)}(o) AS refused FROM orders o WHERE o.id = ${orderId}`,
  );
  return rows[0]?.refused ?? null;
}
