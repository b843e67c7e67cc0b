import { asc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../platform/db/db.js';
import { categories } from './categories.table.js';

/** A category row. */
export type CategoryRow = typeof categories.$inferSelect;

/** Every category in display order (there are few; the service caches them). */
export function listCategories(db: DbOrTx): Promise<CategoryRow[]> {
  return db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id));
}

/** Inserts one category. */
export async function insertCategory(db: DbOrTx, row: typeof categories.$inferInsert): Promise<CategoryRow> {
  const rows = await db.insert(categories).values(row).returning();
  return rows[0]!;
}

/** Updates one category. */
export async function updateCategory(
  db: DbOrTx,
  id: number,
  patch: Partial<typeof categories.$inferInsert>,
): Promise<void> {
  await db
    .update(categories)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(categories.id, id));
}

/** Deletes categories by id. */
export async function deleteCategories(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(categories).where(inArray(categories.id, ids));
}

/** Adds delta to a category's thread count (inside the thread write's transaction). */
export async function bumpCategoryThreads(db: DbOrTx, id: number, delta: number): Promise<void> {
  if (delta === 0) return;
  await db
    .update(categories)
    .set({ threadCount: sql`greatest(${categories.threadCount} + ${delta}, 0)` })
    .where(eq(categories.id, id));
}

/**
 * Moves every thread of some categories (drafts, held and deleted ones too) to another, and recounts the
 * target's public threads. Plain SQL on `threads`: the threads feature builds on this one, not the reverse.
 */
export async function moveThreads(db: DbOrTx, fromIds: number[], toId: number): Promise<void> {
  if (!fromIds.length) return;
  await db.execute(
    sql`update threads set category_id = ${toId} where category_id in (${sql.join(
      fromIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  await db.execute(sql`update categories set thread_count = (
      select count(*)::int from threads
      where category_id = ${toId} and deleted_at is null and not is_draft and is_approved = 1)
    where id = ${toId}`);
}

/** How many threads (of any state) each category holds. */
export async function threadsIn(db: DbOrTx, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const r = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from threads where category_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return Number(r[0]?.n ?? 0);
}
