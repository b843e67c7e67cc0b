/** Fixed group ids of the original (reference §6). */
export const GroupId = {
  ADMIN: 1,
  BANNED: 5,
  UNPAID: 6,
  GUEST: 7,
  TRIAL: 8,
  MEMBER: 10,
} as const;

/** Groups that can never be deleted. */
export const PRESET_GROUP_IDS: readonly number[] = [1, 5, 6, 7, 8, 10];
/** Groups that can never be paid groups. */
export const FORBIDDEN_PAY_GROUP_IDS: readonly number[] = [1, 6, 7];

/** Every permission string (reference §1.14; spec §6 names). Category-scopable ones may be prefixed `category{id}.`. */
export const PERMISSIONS = [
  // posting
  'createThread',
  'thread.insertImage',
  'thread.insertVideo',
  'thread.insertAudio',
  'thread.insertAttachment',
  'thread.insertGoods',
  'thread.insertPay',
  'thread.insertReward',
  'thread.insertRedPacket',
  'thread.insertPosition',
  'thread.insertVote',
  'thread.allowAnonymous',
  'thread.reply',
  // viewing
  'viewThreads',
  'thread.viewPosts',
  'thread.freeViewPosts',
  'thread.viewVideo',
  'thread.viewAttachment',
  'thread.downloadAttachment',
  // moderation
  'thread.essence',
  'thread.sticky',
  'thread.edit',
  'thread.hide',
  'thread.hidePosts',
  'thread.editOwnThreadOrPost',
  'thread.hideOwnThreadOrPost',
  // social / other
  'thread.favorite',
  'thread.likePosts',
  'user.view',
  'userFollow.create',
  'dialog.create',
  'other.canInviteUserScale',
  // money
  'cash.create',
  'order.create',
  'trade.pay.order',
  'wallet.viewList',
  'wallet.logs.viewList',
  'cash.viewList',
  // gates
  'createThreadWithCaptcha',
  'publishNeedBindPhone',
  'publishNeedBindWechat',
] as const;

/** A known permission name. */
export type Permission = (typeof PERMISSIONS)[number];

/** Master toggles ("enabled anywhere") written by the admin UI alongside the scoped grants. */
export const SWITCH_PERMISSIONS = [
  'switch.createThread',
  'switch.viewThreads',
  'switch.thread.reply',
  'switch.thread.viewPosts',
  'switch.thread.editOwnThreadOrPost',
  'switch.thread.hideOwnThreadOrPost',
] as const;

/** Always merged into a group's list on every permission save (reference §1.14). */
export const DEFAULT_PERMISSIONS: readonly Permission[] = [
  'thread.favorite',
  'thread.likePosts',
  'userFollow.create',
  'user.view',
  'order.create',
  'trade.pay.order',
  'cash.create',
];

/** A plugin's insert permission (`plugin.<appid>.insert`, the original's per-plugin `canInsert`). */
export const PLUGIN_PERMISSION = /^plugin\.[A-Za-z0-9_-]{1,60}\.insert$/;

/**
 * True when a string is a valid grant: a known permission, a switch, a plugin's insert permission, or a
 * `category{id}.` scoped one.
 */
export function isPermissionString(s: string): boolean {
  if ((PERMISSIONS as readonly string[]).includes(s)) return true;
  if (PLUGIN_PERMISSION.test(s)) return true;
  if ((SWITCH_PERMISSIONS as readonly string[]).includes(s)) return true;
  const m = /^category(\d+)\.(.+)$/.exec(s);
  return !!m && (PERMISSIONS as readonly string[]).includes(m[2]!);
}
