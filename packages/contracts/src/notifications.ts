import { z } from 'zod';
import { defineCall } from './call.js';
import { idField } from './fields.js';
import { pageOf, pageQuery } from './envelope.js';
import { NOTIFICATION_TYPES, unreadCounts } from './realtime.js';

/** The events notifications are made from (reference §1.8, the 27 template events); the list shows them. */
export const NOTICE_EVENTS = [
  'registered',
  'registration.approved',
  'registration.rejected',
  'content.approved',
  'content.rejected',
  'content.deleted',
  'content.edited',
  'content.pinned',
  'content.essence',
  'content.liked',
  'content.replied',
  'content.mentioned',
  'content.paid',
  'commission.income',
  'redpacket.received',
  'bounty.answered',
  'bounty.expired',
  'question.asked',
  'question.answered',
  'question.expired',
  'withdrawal.done',
  'withdrawal.failed',
  'user.banned',
  'user.unbanned',
  'user.role',
  'group.upgraded',
  'site.renewal',
  // beyond the original: someone followed you (Discourse and NodeBB tell this too)
  'user.followed',
  // beyond the original: a withdrawal was approved and awaits payout (issue 12: every review result is told)
  'withdrawal.approved',
  // beyond the original, which tells tips as "content paid" (order type 2): a tip gets words of its own
  'content.rewarded',
  // beyond the original's one "bounty expired": the rest split among the answerers (the refund keeps it)
  'bounty.shared',
  // beyond the original's one "site/group renewal": the same paid group bought again
  'group.renewed',
  // beyond the original's templates (it has the database message only): a paid group lapsed
  'group.expired',
] as const;
/** One event. */
export type NoticeEvent = (typeof NOTICE_EVENTS)[number];

/** A notification as the list shows it: who, what, where; `content` is the template's text, rendered. */
export const notificationItem = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  event: z.string(),
  title: z.string(),
  content: z.string(),
  /** The plain-text excerpt of the content it is about (a reply, a liked post), '' when none. */
  excerpt: z.string(),
  /** The thread (and post) it is about, when it is about one. */
  threadId: z.number().int().nullable(),
  postId: z.number().int().nullable(),
  threadTitle: z.string(),
  /** The money it is about, in yuan with two decimals ('' when none; the original's name). */
  amount: z.string(),
  /** The order type it came from (2 tip, 3 thread, 7 attachments, 1/8 site, 4 group; 0 none; the original's). */
  orderType: z.number().int(),
  /** The event's other template variables (`groupName`, `expiresAt`, ...), for clients writing their own line. */
  vars: z.record(z.string(), z.string()),
  /** Who caused it (null: the system). */
  sender: z.object({ userId: z.number().int(), nickname: z.string(), avatarUrl: z.string() }).nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
  /** The original's flat names of the sender (0 and '' for the system) and of what it is about. */
  userId: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  userAvatar: z.string(),
  isFirst: z.boolean(),
  replyPostId: z.number().int(),
  /** 1 when it is about a reply in a reply (the original's number, which its clients compare with 1), else 0. */
  isReply: z.union([z.literal(0), z.literal(1)]),
  /** The original's line under a notice: the content it is about (the reply, the liked post), else its text. */
  postContent: z.string(),
  /** The author of the thread it is about ('' when none; 匿名用户 when hidden), as a bounty notice names them. */
  threadUsername: z.string(),
  threadUserNickname: z.string(),
  threadUserAvatar: z.string(),
});
/** One notification. */
export type NotificationItem = z.infer<typeof notificationItem>;

const typeList = z.preprocess(
  (v) => (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',').filter(Boolean) : v),
  z.array(z.enum(NOTIFICATION_TYPES)).min(1).max(NOTIFICATION_TYPES.length),
);

/** `GET notification?filter[type]=a,b`: my notifications of those types, newest first; listing marks them read. */
export const notificationList = defineCall({
  method: 'GET',
  path: '/api/v3/notification',
  summary: 'My notifications of some types (marks them read)',
  tags: ['notifications'],
  input: pageQuery.extend({ filter: z.object({ type: typeList }) }),
  output: pageOf(notificationItem),
});

/** `POST notification.delete`: one of mine (`id`), or all of mine of some types (`type`). */
export const notificationDelete = defineCall({
  method: 'POST',
  path: '/api/v3/notification.delete',
  summary: 'Delete a notification, or all of some types',
  tags: ['notifications'],
  input: z
    .object({ id: idField.optional(), type: typeList.optional() })
    .refine((v) => v.id !== undefined || v.type !== undefined, {
      message: 'id or type is required',
      path: ['id'],
    }),
  output: z.object({ deleted: z.number().int() }),
});

/** `GET unreadnotification`: every unread counter, zeros included (the original clients read them unchecked). */
export const unreadNotification = defineCall({
  method: 'GET',
  path: '/api/v3/unreadnotification',
  summary: 'My unread counts',
  tags: ['notifications'],
  input: z.object({}),
  output: unreadCounts,
});
