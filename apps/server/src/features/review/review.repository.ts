import { and, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/db.js';
import { users } from '../../schema.js';
import { posts } from '../posts/posts.table.js';
import { threads } from '../threads/threads.table.js';

/** What the admin's content lists filter by (contracts' `ManageListInput` without paging). */
export interface ManageFilter {
  isApproved: number;
  isDeleted: boolean;
  categoryId: number;
  q: string;
  username: string;
  createdAtBegin?: string;
  createdAtEnd?: string;
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** Conditions every list shares: state, category, author and creation days (UTC, the end day included). */
function common(
  f: ManageFilter,
  col: { deletedAt: AnyPgColumn; isApproved: AnyPgColumn },
  createdAt: AnyPgColumn,
  userId: AnyPgColumn,
): SQL[] {
  const c: SQL[] = [
    f.isDeleted ? isNotNull(col.deletedAt) : and(isNull(col.deletedAt), eq(col.isApproved, f.isApproved))!,
  ];
  if (f.categoryId) c.push(eq(threads.categoryId, f.categoryId));
  if (f.username) {
    c.push(
      inArray(userId, sql`(select id from users where username = ${f.username} or nickname = ${f.username})`),
    );
  }
  if (f.createdAtBegin) c.push(gte(createdAt, new Date(`${f.createdAtBegin}T00:00:00Z`)));
  if (f.createdAtEnd) c.push(lt(createdAt, new Date(Date.parse(`${f.createdAtEnd}T00:00:00Z`) + 86_400_000)));
  return c;
}

/** Threads (with their first post) by state, or deleted ones (the recycle bin), newest first. */
export async function threadsForReview(db: DbOrTx, f: ManageFilter, limit: number, offset: number) {
  const c = common(f, threads, threads.createdAt, threads.userId);
  c.push(eq(threads.isDraft, false));
  if (f.q) c.push(or(ilike(threads.title, like(f.q)), ilike(threads.searchText, like(f.q)))!);
  const where = and(...c);
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

/** Replies and comments by state, or deleted ones, newest first, with their thread. */
export async function postsForReview(db: DbOrTx, f: ManageFilter, limit: number, offset: number) {
  const c = common(f, posts, posts.createdAt, posts.userId);
  c.push(eq(posts.isFirst, false));
  if (f.q) c.push(ilike(posts.content, like(f.q)));
  const where = and(...c);
  const [rows, count] = await Promise.all([
    db
      .select({ p: posts, t: threads, nickname: users.nickname, username: users.username })
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
      .innerJoin(threads, eq(threads.id, posts.threadId))
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
