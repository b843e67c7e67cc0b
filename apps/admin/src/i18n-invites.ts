import { lang } from './api.ts';

/** Strings of the invite links page (issue 12 item 6), Chinese first. */
const zh = {
  menu: '邀请链接',
  lead: '生成加入某个用户组的邀请链接：每个链接只能使用一次（体验组 8 可重复使用），7 天内有效。',
  group: '用户组',
  create: '生成链接',
  created: '已生成邀请链接',
  code: '邀请码',
  link: '链接',
  status: '状态',
  statuses: ['已失效', '未使用', '已使用', '已过期'],
  user: '使用者',
  createdAt: '生成时间',
  expiresAt: '到期时间',
  revoke: '作废',
  revoked: '已作废',
  all: '全部状态',
};
type Dict = typeof zh;

const en: Dict = {
  menu: 'Invite links',
  lead: 'Links that sign people up into a group: each works once (the experience group 8 any number of times) for 7 days.',
  group: 'Group',
  create: 'Create a link',
  created: 'Invite link created',
  code: 'Code',
  link: 'Link',
  status: 'Status',
  statuses: ['Revoked', 'Unused', 'Used', 'Expired'],
  user: 'Used by',
  createdAt: 'Created',
  expiresAt: 'Expires',
  revoke: 'Revoke',
  revoked: 'Revoked',
  all: 'Any status',
};

/** The invite page's strings in the site language. */
export const inv: Dict = lang === 'en' ? en : zh;
