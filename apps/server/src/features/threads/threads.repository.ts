import { and, desc, eq, getTableColumns, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
import { groupUser, users } from '../../schema.js';
import { tsvectorOf } from '../search/index.js';
import { freePlain } from './free-part.js';
import { postLikes, posts } from '../posts/posts.table.js';
import { threadToms, threads, userThreadSticks } from './threads.table.js';

const { searchText: _text, searchVector: _vector, ...rowColumns } = getTableColumns(threads);
/** Every thread column but the search ones (a post's worth of text per row that only WHERE clauses need). */
export const threadColumns = rowColumns;
/** A thread row as the services see it. */
export type ThreadRow = Omit<typeof threads.$inferSelect, 'searchText' | 'searchVector'>;
/** Columns to create a thread. */
export type NewThread = typeof threads.$inferInsert;

/** What visibility depends on: who is asking and which categories they may view. */
export interface Viewer {
  userId: number | null;
  /** Sees pending and other users' hidden content (administrators). */
  seesAll: boolean;
  categoryIds: number[];
  /** Experience-group readers see only threads created since then (`content_range`); their own always. */
  since?: Date | null;
}

/** The visibility scope (architecture §4): approved, not deleted, not a draft, in a viewable category; authors see their own. */
export function visibleThreads(v: Viewer): SQL {
  const own = v.userId != null ? eq(threads.userId, v.userId) : sql`false`;
  const cats = v.categoryIds.length ? inArray(threads.categoryId, v.categoryIds) : sql`false`;
  if (v.seesAll) return and(isNull(threads.deletedAt), or(eq(threads.isDraft, false), own))!;
  const recent = v.since ? gte(threads.createdAt, v.since) : undefined;
  return and(
    isNull(threads.deletedAt),
    or(and(eq(threads.isDraft, false), eq(threads.isApproved, 1), cats, recent), own),
  )!;
}

/** Counts toward category and author totals: published, approved, not deleted. */
export function isCountedThread(t: Pick<ThreadRow, 'deletedAt' | 'isDraft' | 'isApproved'>): boolean {
  return t.deletedAt == null && !t.isDraft && t.isApproved === 1;
}

/** Plain title and text a thread is searched by (`search` below): indexed as words, kept for substrings. */
export interface ThreadSearchSource {
  title: string;
  text: string;
  /** A thread with a price indexes only its free part, so searching a paid word cannot reveal it. */
  price?: number;
  freeWords?: number;
}

/** The search columns for a thread's title and plain text (bulk writers such as the seeder spread these in too). */
export function threadSearchColumns(src: ThreadSearchSource) {
  const text = (src.price ?? 0) > 0 ? freePlain(src.text, src.freeWords ?? 0) : src.text;
  const plain = `${src.title}\n${text}`;
  return { searchText: plain.slice(0, 20_000), searchVector: tsvectorOf(plain) };
}

/** Inserts a thread, indexing its title and text for search. */
export async function insertThread(
  db: DbOrTx,
  row: Omit<NewThread, 'searchText' | 'searchVector'>,
  search: ThreadSearchSource,
): Promise<ThreadRow> {
  const rows = await db
    .insert(threads)
    .values({ ...row, ...threadSearchColumns({ price: row.price, freeWords: row.freeWords, ...search }) })
    .returning(threadColumns);
  return rows[0]!;
}

/**
 * Updates a thread; with `search`, re-indexes its title and text in the same statement (pass the price and
 * free words the thread will have: a priced thread indexes only its free part).
 */
export async function updateThread(
  db: DbOrTx,
  id: number,
  patch: Omit<Partial<NewThread>, 'searchText' | 'searchVector'>,
  search?: ThreadSearchSource,
): Promise<ThreadRow> {
  const rows = await db
    .update(threads)
    .set({ ...patch, ...(search && threadSearchColumns(search)), updatedAt: new Date() })
    .where(eq(threads.id, id))
    .returning(threadColumns);
  return rows[0]!;
}

/** A thread by id (deleted ones too; callers check). `forUpdate` locks the row inside a transaction. */
export async function findThread(db: DbOrTx, id: number, forUpdate = false): Promise<ThreadRow | null> {
  const q = db.select(threadColumns).from(threads).where(eq(threads.id, id)).limit(1);
  const rows = forUpdate ? await q.for('update') : await q;
  return rows[0] ?? null;
}

/** Threads by id (a `Loader`'s batch: concurrent single reads share this query). */
export async function findThreadsByIds(db: DbOrTx, ids: number[]): Promise<Map<number, ThreadRow>> {
  const rows = await db.select(threadColumns).from(threads).where(inArray(threads.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The author's latest thread time (posting speed limit). */
export async function lastThreadAt(db: DbOrTx, userId: number): Promise<Date | null> {
  const rows = await db
    .select({ at: threads.createdAt })
    .from(threads)
    .where(and(eq(threads.userId, userId), eq(threads.isDraft, false)))
    .orderBy(desc(threads.createdAt))
    .limit(1);
  return rows[0]?.at ?? null;
}

/** Adds to counters atomically (`view_count`, `share_count`, ...) and returns the row. */
export async function bumpThread(
  db: DbOrTx,
  id: number,
  delta: Partial<Record<'viewCount' | 'shareCount' | 'postCount' | 'likeCount' | 'favoriteCount', number>>,
): Promise<ThreadRow | null> {
  const set: Record<string, SQL> = {};
  for (const [k, d] of Object.entries(delta)) {
    const col = threads[k as keyof typeof delta];
    set[k] = sql`greatest(${col} + ${d}, 0)`;
  }
  const rows = await db.update(threads).set(set).where(eq(threads.id, id)).returning(threadColumns);
  return rows[0] ?? null;
}

/** Adds to a user's counters. */
export async function bumpUser(
  db: DbOrTx,
  userId: number,
  delta: Partial<Record<'threadCount' | 'postCount' | 'likedCount', number>>,
): Promise<void> {
  const set: Record<string, SQL> = {};
  for (const [k, d] of Object.entries(delta)) {
    if (!d) continue;
    set[k] = sql`greatest(${users[k as keyof typeof delta]} + ${d}, 0)`;
  }
  if (Object.keys(set).length) await db.update(users).set(set).where(eq(users.id, userId));
}

/** Authors of threads (with their group), for presenting. */
export async function findAuthors(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: users.id,
      nickname: users.nickname,
      username: users.username,
      avatar: users.avatar,
      threadCount: users.threadCount,
      followCount: users.followCount,
      fansCount: users.fansCount,
      likedCount: users.likedCount,
      joinedAt: users.joinedAt,
      groupId: groupUser.groupId,
    })
    .from(users)
    .leftJoin(groupUser, eq(groupUser.userId, users.id))
    .where(inArray(users.id, ids));
}

/** An author as loaded for presenting. */
export type AuthorRow = Awaited<ReturnType<typeof findAuthors>>[number];

/** Blocks of some threads. */
export function findToms(db: DbOrTx, threadIds: number[]) {
  if (!threadIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(threadToms)
    .where(inArray(threadToms.threadId, threadIds))
    .orderBy(threadToms.createdAt);
}

/** Replaces a thread's blocks. */
export async function replaceToms(
  db: DbOrTx,
  threadId: number,
  rows: Array<{ key: string; tomType: string; body: unknown }>,
): Promise<void> {
  await db.delete(threadToms).where(eq(threadToms.threadId, threadId));
  if (rows.length) await db.insert(threadToms).values(rows.map((r) => ({ ...r, threadId })));
}

/** First posts (the thread's text and likes) of some threads. */
export function findFirstPosts(db: DbOrTx, threadIds: number[]) {
  if (!threadIds.length) return Promise.resolve([]);
  return db
    .select({ id: posts.id, threadId: posts.threadId, content: posts.content, likeCount: posts.likeCount })
    .from(posts)
    .where(and(inArray(posts.threadId, threadIds), eq(posts.isFirst, true)));
}

/** The latest three likers of each first post (the avatars under a thread). */
export async function recentLikers(db: DbOrTx, postIds: number[]) {
  if (!postIds.length) return [];
  const rows = await db.execute(sql`
    select l.post_id, u.id as user_id, u.nickname, u.avatar from (
      select post_id, user_id, row_number() over (partition by post_id order by created_at desc) as n
      from ${postLikes} where post_id in ${postIds}
    ) l join ${users} u on u.id = l.user_id where l.n <= 3 order by l.post_id, l.n`);
  return rowsOf<{ post_id: number; user_id: number; nickname: string; avatar: string }>(rows);
}

/** Rows of a raw `execute` (node-postgres answers `{rows}`; drizzle types it loosely). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The profile pin of a user. */
export async function findUserStick(db: DbOrTx, userId: number): Promise<number | null> {
  const rows = await db.select().from(userThreadSticks).where(eq(userThreadSticks.userId, userId)).limit(1);
  return rows[0]?.threadId ?? null;
}

/** Sets or clears a user's profile pin. */
export async function setUserStick(db: DbOrTx, userId: number, threadId: number | null): Promise<void> {
  await db.delete(userThreadSticks).where(eq(userThreadSticks.userId, userId));
  if (threadId != null) await db.insert(userThreadSticks).values({ userId, threadId });
}

/** The thread a user pinned on their profile (`user/thread.stick`), if any. */
export async function profilePinnedThread(db: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: userThreadSticks.threadId })
    .from(userThreadSticks)
    .where(eq(userThreadSticks.userId, userId));
  return row?.id ?? null;
}
