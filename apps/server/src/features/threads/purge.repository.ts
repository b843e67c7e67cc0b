import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../platform/db/db.js';

const list = (ids: number[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Removes threads that are in the recycle bin, with everything that hangs on them (posts, blocks, votes,
 * favourites, views, topic links, profile pins). Only already-deleted threads go: their counters were taken
 * back when they were deleted. Returns the ids removed and their posts' ids (whose files go next).
 */
export async function purgeThreads(tx: Tx, ids: number[]): Promise<{ ids: number[]; postIds: number[] }> {
  if (!ids.length) return { ids: [], postIds: [] };
  const gone = await rowsOf<{ id: number }>(
    tx,
    sql`delete from threads where id in (${list(ids)}) and deleted_at is not null returning id`,
  );
  const tids = gone.map((r) => Number(r.id));
  if (!tids.length) return { ids: [], postIds: [] };
  const t = list(tids);
  const posts = await rowsOf<{ id: number }>(
    tx,
    sql`delete from posts where thread_id in (${t}) returning id`,
  );
  const postIds = posts.map((r) => Number(r.id));
  await removePostRows(tx, postIds);
  await tx.execute(sql`delete from thread_toms where thread_id in (${t})`);
  await tx.execute(sql`delete from thread_favorites where thread_id in (${t})`);
  await tx.execute(sql`delete from thread_user_view_records where thread_id in (${t})`);
  await tx.execute(sql`delete from user_thread_sticks where thread_id in (${t})`);
  await tx.execute(
    sql`delete from thread_vote_users where vote_id in (select id from thread_votes where thread_id in (${t}))`,
  );
  await tx.execute(
    sql`delete from thread_vote_options where vote_id in (select id from thread_votes where thread_id in (${t}))`,
  );
  await tx.execute(sql`delete from thread_votes where thread_id in (${t})`);
  const topics = await rowsOf<{ topic_id: number }>(
    tx,
    sql`delete from thread_topics where thread_id in (${t}) returning topic_id`,
  );
  const topicIds = [...new Set(topics.map((r) => Number(r.topic_id)))];
  if (topicIds.length) {
    await tx.execute(sql`update topics set thread_count = (
        select count(*)::int from thread_topics tt where tt.topic_id = topics.id) where id in (${list(topicIds)})`);
  }
  return { ids: tids, postIds };
}

/**
 * Removes deleted replies (never first posts) and, with a reply, its comments, which nobody can reach once
 * the reply is gone. Returns the ids asked for that went, and every post id removed.
 */
export async function purgePosts(tx: Tx, ids: number[]): Promise<{ ids: number[]; postIds: number[] }> {
  if (!ids.length) return { ids: [], postIds: [] };
  const gone = await rowsOf<{ id: number }>(
    tx,
    sql`delete from posts where id in (${list(ids)}) and deleted_at is not null and not is_first returning id`,
  );
  const done = gone.map((r) => Number(r.id));
  if (!done.length) return { ids: [], postIds: [] };
  const comments = await rowsOf<{ id: number; deleted: boolean; thread_id: number; user_id: number }>(
    tx,
    sql`delete from posts where reply_post_id in (${list(done)}) and is_comment
        returning id, deleted_at is not null or is_approved <> 1 as deleted, thread_id, user_id`,
  );
  // Comments still counted leave their thread's and author's counters with them.
  for (const c of comments.filter((r) => !r.deleted)) {
    await tx.execute(
      sql`update threads set post_count = greatest(post_count - 1, 0) where id = ${c.thread_id}`,
    );
    await tx.execute(sql`update users set post_count = greatest(post_count - 1, 0) where id = ${c.user_id}`);
  }
  const postIds = [...done, ...comments.map((r) => Number(r.id))];
  await removePostRows(tx, postIds);
  return { ids: done, postIds };
}

/** Likes and mentions of removed posts. */
async function removePostRows(tx: Tx, postIds: number[]): Promise<void> {
  if (!postIds.length) return;
  await tx.execute(sql`delete from post_likes where post_id in (${list(postIds)})`);
  await tx.execute(sql`delete from post_mentions where post_id in (${list(postIds)})`);
}
