import { threadTopics } from '../topics/topics.table.js';
import { and, asc, desc, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
import { matchesQuery, rankOf, searchTerms, titleContains } from '../search/index.js';
import { postLikes, posts } from '../posts/posts.table.js';
import { threadFavorites, threads, userThreadSticks } from './threads.table.js';
import { threadColumns, visibleThreads, type ThreadRow, type Viewer } from './threads.repository.js';

/** A resolved list query (the service has already turned the original's filters into these). */
export interface ThreadQuery {
  viewer: Viewer;
  categoryIds?: number[];
  types?: string[];
  essence?: boolean;
  /** Only these authors (followed users; empty means none). */
  authorIds?: number[];
  search?: string;
  userId?: number;
  excludeIds?: number[];
  /** Only threads tagged with this `#topic#`. */
  topicId?: number;
  /** Only recommended-to-home threads. */
  site?: boolean;
  sort: 1 | 2 | 3 | 4;
  /** 1 drafts of viewer, 2 liked by viewer, 3 favourites of viewer, 5 threads of userId. */
  complex?: 1 | 2 | 3 | 5;
  /** Whose likes a complex-2 list shows (a profile's likes tab); the viewer by default. */
  likerId?: number;
  limit: number;
  offset: number;
}

function conditions(q: ThreadQuery): SQL[] {
  const c: SQL[] = [visibleThreads(q.viewer)];
  const me = q.viewer.userId ?? 0;
  if (q.complex === 1) c.push(eq(threads.isDraft, true), eq(threads.userId, me));
  else c.push(eq(threads.isDraft, false));
  if (q.complex === 2) {
    c.push(
      sql`exists (select 1 from ${posts} p join ${postLikes} l on l.post_id = p.id where p.thread_id = ${threads.id} and p.is_first = true and l.user_id = ${q.likerId ?? me})`,
    );
  }
  if (q.complex === 3) {
    c.push(
      sql`exists (select 1 from ${threadFavorites} f where f.thread_id = ${threads.id} and f.user_id = ${me})`,
    );
  }
  if (q.userId !== undefined) c.push(eq(threads.userId, q.userId));
  if (q.categoryIds?.length) c.push(inArray(threads.categoryId, q.categoryIds));
  if (q.types?.length) c.push(sql`${threads.tomTypes} && ${sql.param(q.types)}::text[]`);
  if (q.essence) c.push(eq(threads.isEssence, true));
  if (q.site) c.push(eq(threads.isSite, true));
  if (q.authorIds) c.push(q.authorIds.length ? inArray(threads.userId, q.authorIds) : sql`false`);
  if (q.excludeIds?.length) c.push(notInArray(threads.id, q.excludeIds));
  if (q.topicId)
    c.push(
      sql`exists (select 1 from ${threadTopics} tt where tt.thread_id = ${threads.id} and tt.topic_id = ${q.topicId})`,
    );
  // Listing someone's threads must not reveal which anonymous threads are theirs.
  if (q.userId !== undefined && q.userId !== q.viewer.userId) c.push(eq(threads.isAnonymous, false));
  if (q.search) c.push(searchCondition(q.search));
  return c;
}

/** True when full-text cannot serve a query: one character (it may sit inside a word) or no words at all. */
export function needsSubstringSearch(query: string): boolean {
  return [...query.trim()].length <= 1 || searchTerms(query).length === 0;
}

/**
 * Words through the GIN-indexed vector, OR a substring of the title through the trigram index (the recipe in
 * search.segment.ts); queries full-text cannot serve also scan the plain text, which only they pay for.
 */
function searchCondition(query: string): SQL {
  const parts = [matchesQuery(threads.searchVector, query), titleContains(threads.title, query)];
  if (needsSubstringSearch(query)) parts.push(titleContains(threads.searchText, query));
  return or(...parts.filter((p): p is SQL => p !== null)) ?? sql`false`;
}

function order(sort: ThreadQuery['sort']) {
  switch (sort) {
    case 2:
      return [desc(threads.postedAt), desc(threads.id)];
    case 3:
      return [
        desc(sql`${threads.likeCount} * 2 + ${threads.postCount} * 3 + ${threads.viewCount} / 10`),
        desc(threads.id),
      ];
    case 4:
      return [desc(threads.updatedAt), desc(threads.id)];
    default:
      return [desc(threads.createdAt), desc(threads.id)];
  }
}

/** A page of threads and the total; a search ranks by relevance first, then by the requested sort. */
export async function listThreads(db: DbOrTx, q: ThreadQuery): Promise<{ rows: ThreadRow[]; total: number }> {
  const where = and(...conditions(q));
  const rank = q.search ? [desc(rankOf(threads.searchVector, q.search))] : [];
  // A profile's threads (one author, no other filter) start with the thread the author pinned there.
  if (q.userId !== undefined && q.complex === undefined) {
    rank.push(
      desc(
        sql`${threads.id} = coalesce((select s.thread_id from ${userThreadSticks} s where s.user_id = ${q.userId}), 0)`,
      ),
    );
  }
  const [rows, count] = await Promise.all([
    db
      .select(threadColumns)
      .from(threads)
      .where(where)
      .orderBy(...rank, ...order(q.sort))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(threads)
      .where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** Pinned threads (at most 20), in the administrator's order. */
export function listSticky(
  db: DbOrTx,
  viewer: Viewer,
  categoryIds: number[] | undefined,
): Promise<ThreadRow[]> {
  const c: SQL[] = [visibleThreads(viewer), eq(threads.isSticky, true), eq(threads.isDraft, false)];
  if (categoryIds?.length) c.push(inArray(threads.categoryId, categoryIds));
  return db
    .select(threadColumns)
    .from(threads)
    .where(and(...c))
    .orderBy(asc(threads.stickSort), desc(threads.id))
    .limit(20);
}

/** How many threads are pinned. */
export async function countSticky(db: DbOrTx): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(threads)
    .where(and(eq(threads.isSticky, true), sql`${threads.deletedAt} is null`));
  return rows[0]?.n ?? 0;
}

/** Site totals: published threads and visible posts. */
export async function siteCounts(db: DbOrTx): Promise<{ threads: number; posts: number }> {
  const [t, p] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(threads)
      .where(and(sql`${threads.deletedAt} is null`, eq(threads.isDraft, false), eq(threads.isApproved, 1))),
    db
      .select({ n: sql<number>`coalesce(sum(${threads.postCount}), 0)::int` })
      .from(threads)
      .where(sql`${threads.deletedAt} is null`),
  ]);
  return { threads: t[0]?.n ?? 0, posts: p[0]?.n ?? 0 };
}
