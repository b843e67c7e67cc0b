import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
import { users } from '../../schema.js';
import { posts } from './posts.table.js';
import { threads } from './threads.table.js';

/** Threads (with their first post) by approval state, or deleted ones (the recycle bin), newest first. */
export async function threadsForReview(
  db: DbOrTx,
  isApproved: number,
  deleted: boolean,
  limit: number,
  offset: number,
) {
  const where = and(
    deleted
      ? isNotNull(threads.deletedAt)
      : and(isNull(threads.deletedAt), eq(threads.isApproved, isApproved)),
    eq(threads.isDraft, false),
  );
  const [rows, count] = await Promise.all([
    db
      .select({ t: threads, p: posts, nickname: users.nickname, username: users.username })
      .from(threads)
      .innerJoin(posts, and(eq(posts.threadId, threads.id), eq(posts.isFirst, true)))
      .leftJoin(users, eq(users.id, threads.userId))
      .where(where)
      .orderBy(desc(threads.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(threads)
      .where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** Replies and comments by approval state, or deleted ones, newest first, with their thread's title. */
export async function postsForReview(
  db: DbOrTx,
  isApproved: number,
  deleted: boolean,
  limit: number,
  offset: number,
) {
  const where = and(
    eq(posts.isFirst, false),
    deleted ? isNotNull(posts.deletedAt) : and(isNull(posts.deletedAt), eq(posts.isApproved, isApproved)),
  );
  const [rows, count] = await Promise.all([
    db
      .select({ p: posts, title: threads.title, nickname: users.nickname, username: users.username })
      .from(posts)
      .innerJoin(threads, eq(threads.id, posts.threadId))
      .leftJoin(users, eq(users.id, posts.userId))
      .where(where)
      .orderBy(desc(posts.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(posts)
      .where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** The first posts of some threads (their approval follows the thread's). */
export async function setFirstPostsApproval(
  db: DbOrTx,
  threadIds: number[],
  isApproved: number,
): Promise<void> {
  if (!threadIds.length) return;
  await db
    .update(posts)
    .set({ isApproved })
    .where(and(inArray(posts.threadId, threadIds), eq(posts.isFirst, true)));
}
