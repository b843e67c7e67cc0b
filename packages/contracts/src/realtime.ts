import { z } from 'zod';

/**
 * Unread counts of one user (issue 9 §6): the original's `unreadnotification` fields plus the four badge
 * buckets of spec §2. Every counter is present, zeros included (the original clients read them unchecked).
 */
export const unreadCounts = z.object({
  /** Unread notifications of every type (the original's `unreadNotifications`). */
  unreadNotifications: z.number().int(),
  /** Unread notifications per type, every type present. */
  typeUnreadNotifications: z.record(z.string(), z.number().int()),
  /** Unread private messages (the original's `dialogNotifications`). */
  dialogNotifications: z.number().int(),
  dialogMessageUnread: z.number().int(),
  accountUnread: z.number().int(),
  financialUnread: z.number().int(),
  threadUnread: z.number().int(),
  totalUnread: z.number().int(),
});
/** A user's unread counts. */
export type UnreadCounts = z.infer<typeof unreadCounts>;

/** Notification types of the original (reference §1.8). */
export const NOTIFICATION_TYPES = [
  'system',
  'replied',
  'liked',
  'related',
  'rewarded',
  'threadrewarded',
  'threadrewardedexpired',
  'receiveredpacket',
  'questioned',
  'withdrawal',
] as const;
/** One notification type. */
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Which badge bucket each type counts in (spec §2, reference §1.8); withdrawal and questioned count in none. */
export const NOTIFICATION_BUCKETS: Record<
  NotificationType,
  'threadUnread' | 'financialUnread' | 'accountUnread' | null
> = {
  replied: 'threadUnread',
  liked: 'threadUnread',
  related: 'threadUnread',
  rewarded: 'financialUnread',
  threadrewarded: 'financialUnread',
  threadrewardedexpired: 'financialUnread',
  receiveredpacket: 'financialUnread',
  system: 'accountUnread',
  questioned: null,
  withdrawal: null,
};

/**
 * What a user's realtime channel carries. `message`: a private message in one of their dialogs (payload: the
 * dialog id and the message as `dialog/message` lists it); `dialog.read` / `dialog.delete`: another tab of theirs
 * read or deleted a dialog; `notification`: a new notification (payload: as `notification` lists it);
 * `unread`: their counts after the change (payload: `UnreadCounts`).
 */
export const USER_EVENT_KINDS = [
  'message',
  'dialog.read',
  'dialog.delete',
  'notification',
  'unread',
] as const;
/** One event kind. */
export type UserEventKind = (typeof USER_EVENT_KINDS)[number];

/** One event as the channel delivers it; `id` only grows per user, so "after id N" catches up without gaps. */
export const userEvent = z.object({
  id: z.number().int(),
  kind: z.enum(USER_EVENT_KINDS),
  payload: z.unknown(),
});
/** One event. */
export type UserEvent = z.infer<typeof userEvent>;
