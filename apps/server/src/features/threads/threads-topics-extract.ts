import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
import { findTopics } from '../../platform/content/parse.js';
import { htmlToText } from '../../platform/content/sanitize.js';
import { linkTopics, threadTopics, topicKey, topics } from '../topics/index.js';
import { posts } from '../posts/posts.table.js';
import { threads } from './threads.table.js';

/**
 * Turns the `#name#` tags of existing threads into topics, as posting does: topics created on first use, each
 * thread linked to its topics, the tags in its first post linked to the topic pages, every topic's thread count
 * recounted. For content that arrived without the posting path (the seed, imports, threads older than topics).
 * Idempotent: links that exist stay, counts are recomputed from the links. Answers the links it added.
 */
export async function extractTopics(db: DbOrTx, batch = 500): Promise<{ threads: number; links: number }> {
  let after = 0;
  let tagged = 0;
  let links = 0;
  for (;;) {
    const rows = await db
      .select({
        id: threads.id,
        userId: threads.userId,
        title: threads.title,
        postId: posts.id,
        content: posts.content,
      })
      .from(threads)
      .innerJoin(posts, and(eq(posts.threadId, threads.id), eq(posts.isFirst, true)))
      .where(and(gt(threads.id, after), isNull(threads.deletedAt), eq(threads.isDraft, false)))
      .orderBy(asc(threads.id))
      .limit(batch);
    if (!rows.length) break;
    after = rows[rows.length - 1]!.id;
    const found = rows
      .map((r) => ({ ...r, names: findTopics(`${r.title}\n${htmlToText(r.content)}`) }))
      .filter((r) => r.names.length > 0);
    if (!found.length) continue;
    // One insert and one read per batch: the first thread to name a topic is its creator.
    const byKey = new Map<string, { content: string; userId: number }>();
    for (const r of found)
      for (const n of r.names)
        if (!byKey.has(topicKey(n))) byKey.set(topicKey(n), { content: n, userId: r.userId });
    await db
      .insert(topics)
      .values([...byKey.values()])
      .onConflictDoNothing();
    const idRows = await db
      .select({ id: topics.id, content: topics.content })
      .from(topics)
      .where(inArray(sql`lower(${topics.content})`, [...byKey.keys()]));
    const ids = new Map(idRows.map((r) => [topicKey(r.content), r.id]));
    const pairs = found.flatMap((r) =>
      [...new Set(r.names.map((n) => ids.get(topicKey(n))))]
        .filter((id): id is number => id !== undefined)
        .map((topicId) => ({ threadId: r.id, topicId })),
    );
    const added = await db
      .insert(threadTopics)
      .values(pairs)
      .onConflictDoNothing()
      .returning({ threadId: threadTopics.threadId });
    links += added.length;
    tagged += found.length;
    for (const r of found) {
      const html = linkTopics(r.content, ids);
      if (html !== r.content) await db.update(posts).set({ content: html }).where(eq(posts.id, r.postId));
    }
  }
  await db.execute(sql`
    UPDATE topics SET thread_count = c.n
    FROM (SELECT tp.id, count(tt.thread_id)::int AS n FROM topics tp
          LEFT JOIN thread_topics tt ON tt.topic_id = tp.id GROUP BY tp.id) c
    WHERE c.id = topics.id AND topics.thread_count <> c.n`);
  return { threads: tagged, links };
}
