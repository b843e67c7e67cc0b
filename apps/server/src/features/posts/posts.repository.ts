import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNull,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { rawRows, type Db, type DbOrTx } from '../../platform/db/db.js';
import { users } from '../../schema.js';
import { NOTIFICATION_EVENTS_SQL, SENDER_MARKS, type MarkedNotification } from '../notifications/index.js';
import { postLikes, postMentions, posts } from './posts.table.js';

/** A post row. */
export type PostRow = typeof posts.$inferSelect;
/** Columns to create a post. */
export type NewPost = typeof posts.$inferInsert;

/** Counts toward thread and author totals: approved and not deleted (first posts never count as replies). */
export function isCountedPost(p: Pick<PostRow, 'deletedAt' | 'isApproved' | 'isFirst'>): boolean {
  return p.deletedAt == null && p.isApproved === 1 && !p.isFirst;
}

/** Visible posts: approved and not deleted, or the viewer's own (pending ones too). */
export function visiblePosts(userId: number | null, seesAll: boolean): SQL {
  if (seesAll) return isNull(posts.deletedAt);
  const own = userId != null ? eq(posts.userId, userId) : sql`false`;
  return and(isNull(posts.deletedAt), or(eq(posts.isApproved, 1), own))!;
}

/** A live reply that a change (review, `posts.update`) moved from held or ignored to approved. */
export function becameApproved(
  before: Pick<PostRow, 'isApproved'>,
  after: Pick<PostRow, 'isApproved' | 'isFirst' | 'deletedAt'>,
): boolean {
  return before.isApproved !== 1 && isCountedPost(after);
}

/** Inserts a post. */
export async function insertPost(db: DbOrTx, row: NewPost): Promise<PostRow> {
  const rows = await db.insert(posts).values(row).returning();
  return rows[0]!;
}

const postColumns = getTableColumns(posts);

/** A raw `RETURNING *` row of posts as drizzle would have read it (camelCase keys, dates as Date). */
function postRowOf(raw: Record<string, unknown>): PostRow {
  const out: Record<string, unknown> = {};
  for (const [key, col] of Object.entries(postColumns)) {
    const v = raw[col.name];
    out[key] = v == null ? v : col.mapFromDriverValue(v);
  }
  return out as PostRow;
}

/**
 * Inserts a reply under its thread's next number in ONE statement: the thread row (its lock serialises replies
 * on a thread, so numbers never repeat), the author's count and the post. Three round trips under the lock
 * were most of a reply's time when many people answer one thread; now the lock is held for one statement
 * and the commit. The author's update reads `t`, so the thread is always locked before the user, the order
 * every other writer uses (no deadlocks). The author's card comes back with it, for presenting the reply.
 * `posted_at` (indexed, for "last replied" order) moves at most once a second: an unchanged indexed column
 * lets PostgreSQL update the row in place (HOT) instead of adding entries to all thirteen thread indexes.
 */
export async function insertNumberedReply(
  db: DbOrTx,
  row: Omit<NewPost, 'seq' | 'isComment' | 'replyPostId' | 'replyUserId' | 'commentPostId' | 'commentUserId'>,
  counted: boolean,
  seen: SeenThread,
): Promise<{ post: PostRow; author: PostAuthor | undefined } | null> {
  const delta = counted ? 1 : 0;
  const result = await db.execute(sql`
    with t as (
      update threads set reply_seq = reply_seq + 1, last_posted_user_id = ${row.userId},
        posted_at = case when posted_at < now() - interval '1 second' then now() else posted_at end,
        post_count = greatest(post_count + ${delta}, 0)
      where id = ${row.threadId} and deleted_at is null and not is_draft
        and category_id = ${seen.categoryId} and is_approved = ${seen.isApproved}
      returning reply_seq
    ), u as (
      update users set post_count = greatest(post_count + ${delta}, 0)
      where id = ${row.userId} and ${delta} <> 0 and exists (select 1 from t)
    )
    , p as (
      insert into posts (thread_id, user_id, seq, content, is_approved, mod_words)
      select ${row.threadId}, ${row.userId}, t.reply_seq, ${row.content ?? ''}, ${row.isApproved ?? 1}, ${row.modWords ?? ''}
      from t
      returning *
    )
    select p.*, a.nickname as author_nickname, a.username as author_username, a.avatar as author_avatar
    from p left join users a on a.id = p.user_id`);
  const raw = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  return raw ? withAuthor(raw) : null;
}

/**
 * What a reply's checks read of its thread: the insert goes in only while the row still says so (and the
 * thread is neither deleted nor a draft), so a check made on a copy (`RecentThreads`) or before a concurrent
 * edit never lets a reply into a thread that has since been hidden or moved.
 */
export interface SeenThread {
  categoryId: number;
  isApproved: number;
}

/** One plain reply of a batch (`insertNumberedReplies`). */
export interface NumberedReply {
  threadId: number;
  userId: number;
  content: string;
  isApproved: number;
  modWords: string;
  /** Counted replies add one to the thread's and the author's post counts. */
  counted: boolean;
  seen: SeenThread;
  /** What the reply tells, stored in its statement (the author's name, avatar and the post id filled there). */
  notices?: readonly MarkedNotification[];
}

/**
 * Many plain replies in one statement (group commit, issue 30 item 4): each thread's floor counter moves once
 * by its number of replies, which take consecutive floors in the order given; thread and author counts move by
 * the counted ones. Constant text straight to the driver (its arrays would cost more through the builder).
 * Answers one result per input, in order: null for a reply whose thread is gone or no longer reads as `seen`.
 */
const BATCH_REPLY_SQL = `
  with i0 as (
    select * from json_to_recordset($1::json) as x(ord int, thread_id int, user_id int, content text,
      is_approved int, mod_words text, delta int, seen_category int, seen_approved int)
  ), g as (
    -- The threads, locked, where they still read as each reply's checks saw them (SeenThread).
    select id, category_id, is_approved from threads
    where id in (select thread_id from i0) and deleted_at is null and not is_draft
    for update
  ), i as (
    select i0.* from i0 join g on g.id = i0.thread_id
      and g.category_id = i0.seen_category and g.is_approved = i0.seen_approved
  ), per as (
    select thread_id, count(*)::int as n, sum(delta)::int as d,
      (array_agg(user_id order by ord desc))[1] as last_user
    from i group by thread_id
  ), t as (
    update threads set reply_seq = reply_seq + per.n, last_posted_user_id = per.last_user,
      posted_at = case when posted_at < now() - interval '1 second' then now() else posted_at end,
      post_count = greatest(post_count + per.d, 0)
    from per where threads.id = per.thread_id
    returning threads.id, threads.reply_seq, per.n
  ), nb as (
    select i.*, t.reply_seq - t.n + row_number() over (partition by i.thread_id order by i.ord) as seq
    from i join t on t.id = i.thread_id
  ), u as (
    update users set post_count = greatest(post_count + c.d, 0)
    from (select user_id, sum(delta)::int as d from nb group by user_id) c
    where users.id = c.user_id and c.d <> 0
  ), p as (
    insert into posts (thread_id, user_id, seq, content, is_approved, mod_words)
    select thread_id, user_id, seq, content, is_approved, mod_words from nb order by ord
    returning *
  ), n as (
    -- Each reply's notifications, rendered ahead (Notifier.marked), as one with it: none without its reply, and
    -- none to a recipient who blocked its author.
    select n.user_id, n.type, p.user_id as sender_id, p.id as post_id, n.data,
      coalesce(nullif(a.nickname, ''), a.username) as name, coalesce(a.avatar, '') as avatar
    from json_to_recordset($2::json) as n(ord int, user_id int, type text, data text)
    join nb on nb.ord = n.ord join p on p.thread_id = nb.thread_id and p.seq = nb.seq
    join users a on a.id = p.user_id
    where not exists (select 1 from deny_users d where d.user_id = n.user_id and d.deny_user_id = p.user_id)
  ), ni as (
    insert into notifications (user_id, type, sender_id, data)
    select user_id, type, sender_id, jsonb_set(
      replace(replace(data, $3, ${jsonInner('name')}), $4, ${jsonInner('avatar')})::jsonb,
      '{postId}', to_jsonb(post_id))
    from n
    returning id, user_id, type, data, created_at
  ), ue as (
    ${NOTIFICATION_EVENTS_SQL}
  )
  select p.*, nb.ord, a.nickname as author_nickname, a.username as author_username, a.avatar as author_avatar,
    (select coalesce(array_agg(distinct user_id), '{}') from ue) as notified
  from p join nb on nb.thread_id = p.thread_id and nb.seq = p.seq left join users a on a.id = p.user_id`;

/** A text column as it reads inside a JSON string (escaped, without the quotes). */
function jsonInner(column: string): string {
  return `substr(to_json(${column})::text, 2, length(to_json(${column})::text) - 2)`;
}

export async function insertNumberedReplies(db: Db, rows: readonly NumberedReply[]): Promise<BatchedReply[]> {
  const raws = await rawRows<Record<string, unknown>>(db, BATCH_REPLY_SQL, [
    JSON.stringify(rows.map(replyRecord)),
    JSON.stringify(noticeRecords(rows)),
    SENDER_MARKS.name,
    SENDER_MARKS.avatar,
  ]);
  const out: BatchedReply[] = rows.map(() => null);
  for (const raw of raws) out[Number(raw.ord) - 1] = { ...withAuthor(raw), notified: notifiedOf(raw) };
  return out;
}

/**
 * A reply written by the batch: its row, its author, and whom the batch's notifications went to (null when it was
 * written without its notices, which it then sends itself).
 */
export type BatchedReply = {
  post: PostRow;
  author: PostAuthor | undefined;
  notified: number[] | null;
} | null;

/**
 * A reply as a record of the statement's JSON parameter (`json_to_recordset`): one JSON text escaped natively
 * is cheaper than the driver's array literals, whose escaping made most of the batch's allocations.
 */
function replyRecord(r: NumberedReply, i: number) {
  return {
    ord: i + 1,
    thread_id: r.threadId,
    user_id: r.userId,
    content: r.content,
    is_approved: r.isApproved,
    mod_words: r.modWords,
    delta: r.counted ? 1 : 0,
    seen_category: r.seen.categoryId,
    seen_approved: r.seen.isApproved,
  };
}

/** The batch's notices, each tagged with its reply's place in the batch. */
function noticeRecords(rows: readonly NumberedReply[]) {
  return rows.flatMap((r, i) =>
    (r.notices ?? []).map((n) => ({ ord: i + 1, user_id: n.userId, type: n.type, data: n.data })),
  );
}

/** The batch's recipients, as the statement returned them. */
function notifiedOf(raw: Record<string, unknown>): number[] {
  return Array.isArray(raw.notified) ? raw.notified.map(Number) : [];
}

/** A returned post row with its author's columns (`author_*`) split off. */
function withAuthor(raw: Record<string, unknown>): { post: PostRow; author: PostAuthor | undefined } {
  const post = postRowOf(raw);
  const author =
    raw.author_username == null
      ? undefined
      : {
          id: post.userId,
          nickname: String(raw.author_nickname ?? ''),
          username: String(raw.author_username),
          avatar: String(raw.author_avatar ?? ''),
        };
  return { post, author };
}

/** A post author as replies show them. */
export type PostAuthor = Awaited<ReturnType<typeof findPostUsers>>[number];

/** Updates a post. */
export async function updatePost(db: DbOrTx, id: number, patch: Partial<NewPost>): Promise<PostRow> {
  const rows = await db
    .update(posts)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(posts.id, id))
    .returning();
  return rows[0]!;
}

/** A post by id; `forUpdate` locks it. */
export async function findPost(db: DbOrTx, id: number, forUpdate = false): Promise<PostRow | null> {
  const q = db.select().from(posts).where(eq(posts.id, id)).limit(1);
  const rows = forUpdate ? await q.for('update') : await q;
  return rows[0] ?? null;
}

/** The first post of a thread. */
export async function findFirstPost(db: DbOrTx, threadId: number): Promise<PostRow | null> {
  const rows = await db
    .select()
    .from(posts)
    .where(and(eq(posts.threadId, threadId), eq(posts.isFirst, true)))
    .limit(1);
  return rows[0] ?? null;
}

/** Replies by number: a range (page) or after/before a cursor; both use the (thread_id, seq) index. */
export function listReplies(
  db: DbOrTx,
  q: {
    threadId: number;
    visible: SQL;
    desc: boolean;
    from?: number;
    to?: number;
    after?: number;
    limit: number;
  },
): Promise<PostRow[]> {
  const c: SQL[] = [
    eq(posts.threadId, q.threadId),
    eq(posts.isFirst, false),
    eq(posts.isComment, false),
    q.visible,
  ];
  if (q.from !== undefined) c.push(gt(posts.seq, q.from));
  if (q.to !== undefined) c.push(lte(posts.seq, q.to));
  if (q.after !== undefined) c.push(q.desc ? lt(posts.seq, q.after) : gt(posts.seq, q.after));
  return db
    .select()
    .from(posts)
    .where(and(...c))
    .orderBy(q.desc ? desc(posts.seq) : asc(posts.seq))
    .limit(q.limit);
}

/** Comments under some replies: the first three of each (one query with a window). */
export async function firstComments(db: DbOrTx, replyIds: number[], visible: SQL): Promise<PostRow[]> {
  if (!replyIds.length) return [];
  const ranked = db
    .select({
      id: posts.id,
      n: sql<number>`row_number() over (partition by ${posts.replyPostId} order by ${posts.id})`.as('n'),
    })
    .from(posts)
    .where(and(inArray(posts.replyPostId, replyIds), eq(posts.isComment, true), visible))
    .as('ranked');
  return db
    .select()
    .from(posts)
    .innerJoin(ranked, eq(ranked.id, posts.id))
    .where(lte(ranked.n, 3))
    .orderBy(asc(posts.id))
    .then((rows) => rows.map((r) => r.posts));
}

/** A page of comments under one reply, by id cursor. */
export function listComments(
  db: DbOrTx,
  replyId: number,
  visible: SQL,
  after: number,
  limit: number,
): Promise<PostRow[]> {
  return db
    .select()
    .from(posts)
    .where(and(eq(posts.replyPostId, replyId), eq(posts.isComment, true), gt(posts.id, after), visible))
    .orderBy(asc(posts.id))
    .limit(limit);
}

/** Adds to a post's counters. */
export async function bumpPost(
  db: DbOrTx,
  id: number,
  delta: Partial<Record<'likeCount' | 'replyCount', number>>,
): Promise<PostRow | null> {
  const set: Record<string, SQL> = {};
  for (const [k, d] of Object.entries(delta))
    set[k] = sql`greatest(${posts[k as keyof typeof delta]} + ${d}, 0)`;
  const rows = await db.update(posts).set(set).where(eq(posts.id, id)).returning();
  return rows[0] ?? null;
}

/** Adds a like; false when it already existed. */
export async function insertLike(db: DbOrTx, postId: number, userId: number): Promise<boolean> {
  const rows = await db
    .insert(postLikes)
    .values({ postId, userId })
    .onConflictDoNothing()
    .returning({ id: postLikes.postId });
  return rows.length > 0;
}

/** Removes a like; false when there was none. */
export async function deleteLike(db: DbOrTx, postId: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(postLikes)
    .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)))
    .returning({ id: postLikes.postId });
  return rows.length > 0;
}

/** Likers of a post, newest first. */
export async function listLikers(db: DbOrTx, postId: number, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    db
      .select({
        userId: users.id,
        nickname: users.nickname,
        avatar: users.avatar,
        createdAt: postLikes.createdAt,
      })
      .from(postLikes)
      .innerJoin(users, eq(users.id, postLikes.userId))
      .where(eq(postLikes.postId, postId))
      .orderBy(desc(postLikes.createdAt), desc(postLikes.userId))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(postLikes)
      .where(eq(postLikes.postId, postId)),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** Records `@` mentions of a post. */
export async function insertMentions(db: DbOrTx, postId: number, userIds: number[]): Promise<void> {
  if (userIds.length)
    await db
      .insert(postMentions)
      .values(userIds.map((userId) => ({ postId, userId })))
      .onConflictDoNothing();
}

/** Users whose nickname (or username) is one of these, for resolving mentions. */
export function findUsersByNames(db: DbOrTx, names: string[]) {
  if (!names.length) return Promise.resolve([]);
  return db
    .select({ id: users.id, nickname: users.nickname, username: users.username })
    .from(users)
    .where(or(inArray(users.nickname, names), inArray(users.username, names)));
}

/** Users by id with nickname and avatar (post authors). */
export function findPostUsers(db: DbOrTx, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: users.id, nickname: users.nickname, username: users.username, avatar: users.avatar })
    .from(users)
    .where(inArray(users.id, ids));
}

/** Which of these posts the user liked. */
export async function likedPostIds(db: DbOrTx, userId: number, postIds: number[]): Promise<Set<number>> {
  if (!postIds.length) return new Set();
  const rows = await db
    .select({ id: postLikes.postId })
    .from(postLikes)
    .where(and(eq(postLikes.userId, userId), inArray(postLikes.postId, postIds)));
  return new Set(rows.map((r) => r.id));
}
