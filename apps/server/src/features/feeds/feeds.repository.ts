import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
import { posts } from '../posts/index.js';
import { sharedText, threads } from '../threads/index.js';

/** A public thread as feeds need it. */
export interface FeedThread {
  id: number;
  title: string;
  createdAt: Date;
  updatedAt: Date;
  content: string;
  price: number;
  freeWords: number;
}

/** Latest published, approved, undeleted threads in the given categories (guests' view), newest first. */
export async function latestPublicThreads(
  db: DbOrTx,
  categoryIds: number[],
  limit: number,
  withContent: boolean,
): Promise<FeedThread[]> {
  if (categoryIds.length === 0) return [];
  const visible = and(
    isNull(threads.deletedAt),
    eq(threads.isDraft, false),
    eq(threads.isApproved, 1),
    eq(threads.isAnonymous, false),
    inArray(threads.categoryId, categoryIds),
  );
  const rows = await db
    .select({
      id: threads.id,
      title: threads.title,
      createdAt: threads.createdAt,
      updatedAt: threads.updatedAt,
      price: threads.price,
      freeWords: threads.freeWords,
    })
    .from(threads)
    .where(visible)
    .orderBy(desc(threads.createdAt), desc(threads.id))
    .limit(limit);
  if (!withContent || rows.length === 0) return rows.map((r) => ({ ...r, content: '' }));
  const firsts = await db
    .select({ threadId: posts.threadId, content: posts.content })
    .from(posts)
    .where(
      and(
        eq(posts.isFirst, true),
        inArray(
          posts.threadId,
          rows.map((r) => r.id),
        ),
      ),
    );
  const byThread = new Map(firsts.map((f) => [f.threadId, f.content]));
  // A feed is read by anyone: a paid thread shows only its free words.
  return rows.map((r) => ({ ...r, content: sharedText(r, byThread.get(r.id) ?? '') }));
}
