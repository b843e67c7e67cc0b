import { and, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
import { threads } from '../threads/threads.table.js';
import type { RecommendedThread, ThreadColumns } from './threads.port.js';

/** How many of the newest threads the "hottest" fallback ranks: bounded work whatever the site's size. */
export const HOT_WINDOW = 200;

/** The hot score of `thread.list` sort 3 (likes, replies and a tenth of the views). */
const hotScore = sql`${threads.likeCount} * 2 + ${threads.postCount} * 3 + ${threads.viewCount} / 10`;

// Published, approved threads the viewer may see (`visible`, threads' rule): never their own drafts or pending threads.
function publicFor(visible: SQL, categoryIds: number[] | undefined): SQL[] {
  const c = [visible, eq(threads.isDraft, false), eq(threads.isApproved, 1)];
  if (categoryIds?.length) c.push(inArray(threads.categoryId, categoryIds));
  return c;
}

/** Threads an administrator recommended to the home page (`is_site`), newest first (partial index). */
export function listSiteThreads(
  db: DbOrTx,
  columns: ThreadColumns,
  visible: SQL,
  limit: number,
  categoryIds?: number[],
): Promise<RecommendedThread[]> {
  return db
    .select(columns)
    .from(threads)
    .where(and(eq(threads.isSite, true), ...publicFor(visible, categoryIds)))
    .orderBy(desc(threads.id))
    .limit(limit);
}

/**
 * The hottest of the newest `HOT_WINDOW` visible threads. Ranking every thread would sort the whole table, and
 * an index on the score would be rewritten on every view; the newest ones come off the created-at index.
 */
export function listHotRecent(
  db: DbOrTx,
  columns: ThreadColumns,
  visible: SQL,
  limit: number,
  excludeIds: number[],
  categoryIds?: number[],
): Promise<RecommendedThread[]> {
  const c = publicFor(visible, categoryIds);
  if (excludeIds.length) c.push(notInArray(threads.id, excludeIds));
  const recent = db
    .select({ id: threads.id })
    .from(threads)
    .where(and(...c))
    .orderBy(desc(threads.createdAt), desc(threads.id))
    .limit(HOT_WINDOW);
  return db
    .select(columns)
    .from(threads)
    .where(inArray(threads.id, recent))
    .orderBy(desc(hotScore), desc(threads.id))
    .limit(limit);
}
