import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
import { threadFavorites } from '../threads/threads.table.js';

/** Adds a favourite; false when it existed. */
export async function insertFavorite(db: DbOrTx, threadId: number, userId: number): Promise<boolean> {
  const rows = await db
    .insert(threadFavorites)
    .values({ threadId, userId })
    .onConflictDoNothing()
    .returning({ id: threadFavorites.threadId });
  return rows.length > 0;
}

/** Removes a favourite; false when there was none. */
export async function deleteFavorite(db: DbOrTx, threadId: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(threadFavorites)
    .where(and(eq(threadFavorites.threadId, threadId), eq(threadFavorites.userId, userId)))
    .returning({ id: threadFavorites.threadId });
  return rows.length > 0;
}
