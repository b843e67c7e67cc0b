import { GroupId } from '@forum/contracts';

/** The preset groups of a new site (reference §6); 10 is the default for new users. */
export const DEFAULT_GROUPS = [
  { id: GroupId.ADMIN, name: '管理员', type: 'admin', isDefault: false },
  { id: GroupId.UNPAID, name: '待付费', type: 'unpaid', isDefault: false },
  { id: GroupId.GUEST, name: '游客', type: 'guest', isDefault: false },
  { id: GroupId.TRIAL, name: '免费体验', type: 'trial', isDefault: false, timeRange: 3, contentRange: 30 },
  { id: GroupId.MEMBER, name: '普通会员', type: 'member', isDefault: true },
] as const;

const M = GroupId.MEMBER;
const U = GroupId.UNPAID;
const G = GroupId.GUEST;
const T = GroupId.TRIAL;

/** Default grants per permission (reference §6 table); the admin needs none. */
export const DEFAULT_GRANTS: Array<[string, number[]]> = [
  ['cash.create', [M]],
  ['thread.favorite', [M]],
  ['thread.likePosts', [M]],
  ['user.view', [M]],
  ['userFollow.create', [M]],
  ['dialog.create', [M]],
  ['order.create', [M, U]],
  ['trade.pay.order', [M, U]],
  ['switch.createThread', [M]],
  ['createThread', [M]],
  ['switch.thread.reply', [M]],
  ['thread.reply', [M]],
  ['thread.insertImage', [M, U]],
  ['thread.insertAttachment', [M, U]],
  ['thread.insertGoods', [M]],
  ['thread.insertPay', [M]],
  ['thread.insertReward', [M]],
  ['thread.insertRedPacket', [M]],
  ['thread.insertPosition', [M]],
  ['thread.allowAnonymous', [M]],
  ['switch.viewThreads', [M, G, T]],
  ['viewThreads', [M, G, T]],
  ['switch.thread.viewPosts', [M, G, T]],
  ['thread.viewPosts', [M, G, T]],
  ['thread.viewVideo', [M, G, T]],
  ['thread.viewAttachment', [M, G, T]],
  ['thread.downloadAttachment', [M, G, T]],
  ['switch.thread.editOwnThreadOrPost', [M]],
  ['thread.editOwnThreadOrPost', [M]],
  ['switch.thread.hideOwnThreadOrPost', [M]],
  ['thread.hideOwnThreadOrPost', [M]],
];
