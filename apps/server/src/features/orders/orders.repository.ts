import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
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
