import { OrderType } from '@forum/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
import { users } from '../../schema.js';
import { orders } from '../orders/index.js';
import type { SupporterKind } from '../threads/index.js';

/** The order types behind each kind of supporter. */
export const SUPPORTER_TYPES: Record<SupporterKind, readonly number[]> = {
  tip: [OrderType.REWARD],
  paid: [OrderType.THREAD, OrderType.ATTACHMENT],
};

// `status = 1` stays literal in the SQL: a parameter would keep the partial index `orders_thread_paid_idx` out
// of a prepared statement's generic plan.
const paidOrdersOf = (threadId: number) => and(eq(orders.threadId, threadId), sql`${orders.status} = 1`);

/** A thread's paid orders of these types with their payers, newest payment first. */
export function listSupporters(
  db: DbOrTx,
  threadId: number,
  types: readonly number[],
  limit: number,
  offset: number,
) {
  return db
    .select({
      id: orders.id,
      type: orders.type,
      userId: orders.userId,
      payeeId: orders.payeeId,
      amountFen: orders.amountFen,
      isAnonymous: orders.isAnonymous,
      paidAt: orders.paidAt,
      createdAt: orders.createdAt,
      nickname: users.nickname,
      username: users.username,
      avatar: users.avatar,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(and(paidOrdersOf(threadId), inArray(orders.type, [...types])))
    .orderBy(sql`${orders.paidAt} desc`, desc(orders.id))
    .limit(limit)
    .offset(offset);
}

/** A listed paid order. */
export type SupporterRow = Awaited<ReturnType<typeof listSupporters>>[number];

/** How many paid tips and purchases the thread has (an index-only count). */
export async function countSupporters(db: DbOrTx, threadId: number): Promise<{ tips: number; paid: number }> {
  const tip = SUPPORTER_TYPES.tip;
  const [row] = await db
    .select({
      tips: sql<number>`count(*) filter (where ${inArray(orders.type, [...tip])})::int`,
      all: sql<number>`count(*)::int`,
    })
    .from(orders)
    .where(
      and(paidOrdersOf(threadId), inArray(orders.type, [...SUPPORTER_TYPES.tip, ...SUPPORTER_TYPES.paid])),
    );
  return { tips: row?.tips ?? 0, paid: (row?.all ?? 0) - (row?.tips ?? 0) };
}
