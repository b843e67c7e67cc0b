import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { NotificationItem, NotificationType } from '@forum/contracts';
import type { DbOrTx } from '../../platform/db/db.js';
import type { Lang } from '../../platform/http/lang.js';
import { denyUsers, posts, threads, users } from '../../schema.js';
import { notifications } from './notifications.table.js';

/** What a notification row's `data` holds: the rendered text and what it is about. */
export interface NotificationData {
  event: string;
  /** The Chinese text (the default; older and imported rows have only this). */
  title: string;
  content: string;
  /** The English text, for English readers. */
  en?: { title: string; content: string };
  excerpt: string;
  threadId: number | null;
  postId: number | null;
  threadTitle: string;
  /** Yuan ('' none), the order type (0 none) and the other template variables (absent on older rows). */
  amount?: string;
  orderType?: number;
  vars?: Record<string, string>;
  /** Snapshot for the realtime event: who, and which badge bucket it counts in. */
  sender?: NonNullable<NotificationItem['sender']> | null;
  bucket?: string | null;
}

/** How an anonymous author is named (the threads feature's wording), per language. */
export const ANONYMOUS: Readonly<Record<Lang, string>> = { zh: '匿名用户', en: 'Anonymous' };

/** A row to insert. */
export interface NewNotification {
  userId: number;
  type: NotificationType;
  senderId: number | null;
  /** Who caused it even when not named (an anonymous writer): the recipient's blocks of them still apply. */
  fromId: number | null;
  data: NotificationData;
}

type Row = typeof notifications.$inferSelect;
/** A sender as the list shows them. */
export type SenderBrief = NotificationItem['sender'];
/** A sender, with the login name the original's notice cards carry too. */
export type NoticeSender = NonNullable<SenderBrief> & { username: string };

/**
 * The list item of a row (sender looked up by the caller), its text in the reader's language: English where the
 * row has it, else the Chinese it was written in.
 */
export function presentNotification(
  row: Row,
  from: NoticeSender | null,
  lang: Lang,
  post?: NoticePost,
  thread?: NoticeThread,
): NotificationItem {
  const d = row.data as Partial<NotificationData>;
  const text = (lang === 'en' && d.en) || d;
  const threadId = d.threadId ?? null;
  const sender = from && { userId: from.userId, nickname: from.nickname, avatarUrl: from.avatarUrl };
  // The thread's author as a bounty notice names them; hidden when the thread is anonymous.
  const author = thread?.isAnonymous
    ? { username: ANONYMOUS[lang], nickname: ANONYMOUS[lang], avatar: '' }
    : thread;
  return {
    id: row.id,
    type: row.type as NotificationType,
    event: d.event ?? '',
    title: text.title ?? '',
    content: text.content ?? '',
    excerpt: d.excerpt ?? '',
    threadId: d.threadId ?? null,
    postId: d.postId ?? null,
    threadTitle: d.threadTitle ?? '',
    amount: d.amount ?? '',
    orderType: d.orderType ?? 0,
    vars: d.vars ?? {},
    sender,
    isRead: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
    // The original's flat names, read by its clients' notice cards.
    userId: sender?.userId ?? 0,
    username: from?.username ?? '',
    nickname: sender?.nickname ?? '',
    avatar: sender?.avatarUrl ?? '',
    userAvatar: sender?.avatarUrl ?? '',
    // The original's clients say 主题 (thread) or 评论 (comment) by `isFirst`, and show `postContent` as the line;
    // `isReply` 1 (a reply in a reply) opens the comment page.
    isFirst: post ? post.isFirst : threadId !== null && d.postId == null,
    replyPostId: post?.isComment ? post.replyPostId : 0,
    isReply: post?.isComment ? 1 : 0,
    postContent: d.excerpt || (threadId !== null ? (d.threadTitle ?? '') : (text.content ?? '')),
    threadUsername: author?.username ?? '',
    threadUserNickname: author?.nickname ?? '',
    threadUserAvatar: author?.avatar ?? '',
  };
}

/** What a notification's list item needs of the thread it is about: its author, unless hidden. */
export interface NoticeThread {
  username: string;
  nickname: string;
  avatar: string;
  isAnonymous: boolean;
}

/** The threads some notifications are about, with their authors, by id (one read per page). */
export async function noticeThreads(db: DbOrTx, ids: number[]): Promise<Map<number, NoticeThread>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({
      id: threads.id,
      isAnonymous: threads.isAnonymous,
      username: users.username,
      nickname: users.nickname,
      avatar: users.avatar,
    })
    .from(threads)
    .innerJoin(users, eq(users.id, threads.userId))
    .where(inArray(threads.id, unique));
  return new Map(
    rows.map(({ id, nickname, username, ...r }) => [id, { ...r, username, nickname: nickname || username }]),
  );
}

/** What a notification's list item needs of the post it is about. */
export interface NoticePost {
  isFirst: boolean;
  isComment: boolean;
  replyPostId: number;
}

/** The posts some notifications are about, by id (one indexed read per page). */
export async function noticePosts(db: DbOrTx, ids: number[]): Promise<Map<number, NoticePost>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({
      id: posts.id,
      isFirst: posts.isFirst,
      isComment: posts.isComment,
      replyPostId: posts.replyPostId,
    })
    .from(posts)
    .where(inArray(posts.id, unique));
  return new Map(rows.map(({ id, ...r }) => [id, r]));
}

/** Senders' current names and avatars, by id. */
export async function sendersById(db: DbOrTx, ids: number[]): Promise<Map<number, NoticeSender>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ userId: users.id, nickname: users.nickname, username: users.username, avatarUrl: users.avatar })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(
    rows.map((r) => [
      r.userId,
      { userId: r.userId, nickname: r.nickname || r.username, username: r.username, avatarUrl: r.avatarUrl },
    ]),
  );
}

/** A page of a user's notifications of some types, newest first, with the total. */
export async function listNotifications(
  db: DbOrTx,
  userId: number,
  types: readonly NotificationType[],
  limit: number,
  offset: number,
): Promise<{ rows: Row[]; total: number }> {
  const where = and(eq(notifications.userId, userId), inArray(notifications.type, [...types]));
  const [rows, count] = await Promise.all([
    db.select().from(notifications).where(where).orderBy(desc(notifications.id)).limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** Marks every unread notification of these types read; returns how many changed. */
export async function markRead(
  db: DbOrTx,
  userId: number,
  types: readonly NotificationType[],
): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        inArray(notifications.type, [...types]),
        isNull(notifications.readAt),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** Deletes one of the user's notifications, or all of some types; returns how many. */
export async function deleteNotifications(
  db: DbOrTx,
  userId: number,
  target: { id?: number; types?: readonly NotificationType[] },
): Promise<number> {
  const parts = [eq(notifications.userId, userId)];
  if (target.id !== undefined) parts.push(eq(notifications.id, target.id));
  if (target.types) parts.push(inArray(notifications.type, [...target.types]));
  const rows = await db
    .delete(notifications)
    .where(and(...parts))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Senders' names and avatars as notifications show them. */
export async function senderBriefs(
  db: DbOrTx,
  senderIds: number[],
): Promise<Map<number, NonNullable<SenderBrief>>> {
  if (!senderIds.length) return new Map();
  const res = (await db.execute(sql`
    select u.id, coalesce(nullif(u.nickname, ''), u.username) as nickname, u.avatar
    from ${users} u where u.id = any(${sql.param(senderIds)}::int[])`)) as unknown as {
    rows: Array<{ id: number; nickname: string; avatar: string }>;
  };
  return new Map(
    res.rows.map((r) => [Number(r.id), { userId: Number(r.id), nickname: r.nickname, avatarUrl: r.avatar }]),
  );
}

/**
 * Each notification just inserted (a CTE `ni` returning id, user_id, type, data, created_at) as its recipient's
 * realtime event: the list item plus its badge bucket; returns the recipients. Shared with the reply batch, which
 * stores a reply's notifications in its own statement.
 */
export const NOTIFICATION_EVENTS_SQL = `
    insert into user_events (user_id, kind, payload)
    select user_id, 'notification', (data - 'bucket') || jsonb_build_object(
      'id', id, 'type', type, 'isRead', false, 'bucket', data->'bucket',
      'createdAt', to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
    from ni order by id
    returning user_id`;

/**
 * Stores notifications and, in the same statement, each one's realtime event (the list item plus its badge
 * bucket), leaving out any whose recipient blocked its sender; returns the recipients.
 */
export async function insertWithEvents(db: DbOrTx, rows: NewNotification[]): Promise<number[]> {
  if (!rows.length) return [];
  const json = JSON.stringify(
    rows.map((r) => ({
      user_id: r.userId,
      type: r.type,
      sender_id: r.senderId,
      from_id: r.fromId,
      data: r.data,
    })),
  );
  const res = (await db.execute(sql`
    with ni as (
      insert into ${notifications} (user_id, type, sender_id, data)
      select x.user_id, x.type, x.sender_id, x.data
      from jsonb_to_recordset(${json}::jsonb) as x(user_id int, type text, sender_id int, from_id int, data jsonb)
      where not exists (select 1 from ${denyUsers} d where d.user_id = x.user_id and d.deny_user_id = x.from_id)
      returning id, user_id, type, data, created_at
    )
    ${sql.raw(NOTIFICATION_EVENTS_SQL)}`)) as unknown as { rows: Array<{ user_id: number }> };
  return [...new Set(res.rows.map((r) => Number(r.user_id)))];
}
