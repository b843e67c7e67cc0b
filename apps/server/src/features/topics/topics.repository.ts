import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
import { emoji, threadTopics, topics } from './topics.table.js';

/** A topic row. */
export type TopicRow = typeof topics.$inferSelect;

/** Finds or creates topics by name (case-insensitive) and returns their ids in order. */
export async function upsertTopics(
  db: DbOrTx,
  userId: number,
  names: string[],
): Promise<Map<string, number>> {
  if (!names.length) return new Map();
  await db
    .insert(topics)
    .values(names.map((content) => ({ content, userId })))
    .onConflictDoNothing();
  const lower = names.map((n) => n.toLowerCase());
  const rows = await db
    .select({ id: topics.id, content: topics.content })
    .from(topics)
    .where(inArray(sql`lower(${topics.content})`, lower));
  return new Map(rows.map((r) => [r.content.toLowerCase(), r.id]));
}

/** Replaces a thread's topic links and keeps each topic's thread count exact. */
export async function relinkThread(db: DbOrTx, threadId: number, topicIds: number[]): Promise<void> {
  const old = await db
    .select({ id: threadTopics.topicId })
    .from(threadTopics)
    .where(eq(threadTopics.threadId, threadId));
  const before = new Set(old.map((r) => r.id));
  const after = new Set(topicIds);
  const removed = [...before].filter((id) => !after.has(id));
  const added = [...after].filter((id) => !before.has(id));
  if (removed.length) {
    await db
      .delete(threadTopics)
      .where(and(eq(threadTopics.threadId, threadId), inArray(threadTopics.topicId, removed)));
    await db
      .update(topics)
      .set({ threadCount: sql`greatest(${topics.threadCount} - 1, 0)` })
      .where(inArray(topics.id, removed));
  }
  if (added.length) {
    await db.insert(threadTopics).values(added.map((topicId) => ({ threadId, topicId })));
    await db
      .update(topics)
      .set({ threadCount: sql`${topics.threadCount} + 1` })
      .where(inArray(topics.id, added));
  }
}

/** The first topic of each thread (the detail's `topicId`). */
export async function firstTopicOf(db: DbOrTx, threadIds: number[]): Promise<Map<number, number>> {
  if (!threadIds.length) return new Map();
  const rows = await db
    .select({ threadId: threadTopics.threadId, topicId: sql<number>`min(${threadTopics.topicId})` })
    .from(threadTopics)
    .where(inArray(threadTopics.threadId, threadIds))
    .groupBy(threadTopics.threadId);
  return new Map(rows.map((r) => [r.threadId, Number(r.topicId)]));
}

/** A page of topics. */
export async function listTopics(
  db: DbOrTx,
  q: {
    content?: string;
    topicId?: number;
    recommended?: boolean;
    sortBy: number;
    limit: number;
    offset: number;
  },
): Promise<{ rows: TopicRow[]; total: number }> {
  const c: SQL[] = [];
  if (q.content) c.push(ilike(topics.content, `%${q.content.replace(/[\\%_]/g, (m) => `\\${m}`)}%`));
  if (q.topicId) c.push(eq(topics.id, q.topicId));
  if (q.recommended !== undefined) c.push(eq(topics.recommended, q.recommended));
  const where = c.length ? and(...c) : undefined;
  const orderBy =
    q.sortBy === 1
      ? desc(topics.viewCount)
      : q.sortBy === 3
        ? desc(topics.createdAt)
        : desc(topics.threadCount);
  const [rows, count] = await Promise.all([
    db.select().from(topics).where(where).orderBy(orderBy, desc(topics.id)).limit(q.limit).offset(q.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(topics)
      .where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** Adds to a topic's view count; the new count, or null when there is no such topic. */
export async function bumpTopicViews(db: DbOrTx, id: number): Promise<number | null> {
  const rows = await db
    .update(topics)
    .set({ viewCount: sql`${topics.viewCount} + 1` })
    .where(eq(topics.id, id))
    .returning({ viewCount: topics.viewCount });
  return rows[0]?.viewCount ?? null;
}

/** The emoji set in display order. */
export function listEmoji(db: DbOrTx) {
  return db.select().from(emoji).orderBy(asc(emoji.order), asc(emoji.id));
}

/** Seeds the emoji rows that are missing. */
export async function seedEmoji(db: DbOrTx, rows: Array<typeof emoji.$inferInsert>): Promise<void> {
  await db.insert(emoji).values(rows).onConflictDoNothing();
}

/** Rows seeded by older versions under `.gif` names of the built-in set now point at its images. */
export async function renameSeededEmoji(db: DbOrTx): Promise<void> {
  await db
    .update(emoji)
    .set({ url: sql`regexp_replace(${emoji.url}, '\.gif$', '.svg')` })
    .where(sql`${emoji.url} ~ '^/emoji/qq/[a-z0-9_]+\.gif$'`);
}

/** Recommends topics (or takes it back); returns the ids that exist. */
export async function setRecommended(db: DbOrTx, ids: number[], recommended: boolean): Promise<number[]> {
  const rows = await db
    .update(topics)
    .set({ recommended, recommendedAt: recommended ? new Date() : null })
    .where(inArray(topics.id, ids))
    .returning({ id: topics.id });
  return rows.map((r) => r.id);
}

/** Deletes topics and their links to threads (the threads stay); returns the ids deleted. */
export async function deleteTopics(db: DbOrTx, ids: number[]): Promise<number[]> {
  await db.delete(threadTopics).where(inArray(threadTopics.topicId, ids));
  const rows = await db.delete(topics).where(inArray(topics.id, ids)).returning({ id: topics.id });
  return rows.map((r) => r.id);
}
