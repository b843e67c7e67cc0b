import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
import { threads } from '../threads/index.js';
import { threadPurchases } from './paid-content.table.js';

/** What a paid order needs of its thread. */
export interface PricedThread {
  id: number;
  userId: number;
  categoryId: number;
  title: string;
  price: number;
  attachmentPrice: number;
}

/** The columns of `PricedThread`. */
const pricedColumns = {
  id: threads.id,
  userId: threads.userId,
  categoryId: threads.categoryId,
  title: threads.title,
  price: threads.price,
  attachmentPrice: threads.attachmentPrice,
};

/** A live thread's price columns. */
export async function pricedThread(db: DbOrTx, id: number): Promise<PricedThread | null> {
  return (await pricedThreads(db, [id])).get(id) ?? null;
}

/** Live threads' price columns by id (a `Loader`'s batch). */
export async function pricedThreads(db: DbOrTx, ids: number[]): Promise<Map<number, PricedThread>> {
  const rows = await db
    .select(pricedColumns)
    .from(threads)
    .where(and(inArray(threads.id, ids), sql`${threads.deletedAt} IS NULL`));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Whether the member bought this type of access to the thread. */
export async function hasPurchase(
  db: DbOrTx,
  userId: number,
  threadId: number,
  type: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: threadPurchases.id })
    .from(threadPurchases)
    .where(
      and(
        eq(threadPurchases.userId, userId),
        eq(threadPurchases.threadId, threadId),
        eq(threadPurchases.type, type),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The order types the member bought, by thread, among these threads. */
export async function purchasesOf(
  db: DbOrTx,
  userId: number,
  threadIds: number[],
): Promise<Map<number, Set<number>>> {
  const out = new Map<number, Set<number>>();
  if (!threadIds.length) return out;
  const rows = await db
    .select({ threadId: threadPurchases.threadId, type: threadPurchases.type })
    .from(threadPurchases)
    .where(and(eq(threadPurchases.userId, userId), inArray(threadPurchases.threadId, threadIds)));
  for (const r of rows) {
    const set = out.get(r.threadId) ?? new Set<number>();
    set.add(r.type);
    out.set(r.threadId, set);
  }
  return out;
}

/** A page of the member's purchases with the threads' titles, newest first. */
export async function listPurchases(db: DbOrTx, userId: number, page: number, perPage: number) {
  const where = eq(threadPurchases.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: threadPurchases.id,
        threadId: threadPurchases.threadId,
        type: threadPurchases.type,
        orderSn: threadPurchases.orderSn,
        amountFen: threadPurchases.amountFen,
        createdAt: threadPurchases.createdAt,
        title: threads.title,
      })
      .from(threadPurchases)
      .leftJoin(threads, eq(threads.id, threadPurchases.threadId))
      .where(where)
      .orderBy(desc(threadPurchases.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(threadPurchases).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A purchase row as listed. */
export type PurchaseRow = Awaited<ReturnType<typeof listPurchases>>['rows'][number];

/** Whether the member bought anything at all (their pages are then rendered for them). */
export async function hasAnyPurchase(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: threadPurchases.id })
    .from(threadPurchases)
    .where(eq(threadPurchases.userId, userId))
    .limit(1);
  return rows.length > 0;
}
