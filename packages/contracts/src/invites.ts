import { z } from 'zod';
import { defineCall } from './call.js';
import { pageOf, pageQuery } from './envelope.js';
import { idField } from './fields.js';

/** Invite link kinds: 1 a member's link (commission), 2 an administrator's link to a group. */
export const InviteType = { MEMBER: 1, ADMIN: 2 } as const;

/** Invite statuses (reference §1.10): 0 revoked, 1 unused, 2 used, 3 expired. */
export const InviteStatus = { INVALID: 0, UNUSED: 1, USED: 2, EXPIRED: 3 } as const;

/** A 32-character invite code. */
export const inviteCodeField = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{32}$/, 'code must be 32 letters or digits');

/** An administrator's invite link as the admin list shows it. */
export const adminInviteItem = z.object({
  id: z.number().int(),
  code: z.string(),
  groupId: z.number().int(),
  groupName: z.string(),
  status: z.number().int(),
  toUserId: z.number().int().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
/** An admin invite link. */
export type AdminInviteItem = z.infer<typeof adminInviteItem>;

/** `GET backAdmin/adminInvite.link.create?groupId=`: a new one-use link to a group (valid 7 days). */
export const adminInviteCreate = defineCall({
  method: 'GET',
  path: '/api/backAdmin/adminInvite.link.create',
  summary: 'Create an invite link to a group',
  tags: ['invites'],
  input: z.object({ groupId: idField }),
  output: adminInviteItem,
});

/** `GET backAdmin/adminInvite.list`: the administrators' invite links, newest first. */
export const adminInviteList = defineCall({
  method: 'GET',
  path: '/api/backAdmin/adminInvite.list',
  summary: 'Invite links to groups',
  tags: ['invites'],
  input: pageQuery.extend({ status: z.coerce.number().int().min(0).max(3).optional() }),
  output: pageOf(adminInviteItem),
});

/** `POST backAdmin/adminInvite.revoke {id}`: an unused link stops working (status 0). */
export const adminInviteRevoke = defineCall({
  method: 'POST',
  path: '/api/backAdmin/adminInvite.revoke',
  summary: 'Revoke an invite link',
  tags: ['invites'],
  input: z.object({ id: idField }),
  output: adminInviteItem,
});

/** `GET invite.link.create`: my invite code (one per member, reused); needs `other.canInviteUserScale`. */
export const inviteLinkCreate = defineCall({
  method: 'GET',
  path: '/api/v3/invite.link.create',
  summary: 'My invite link',
  tags: ['invites'],
  input: z.object({}),
  output: z.object({ code: z.string() }),
});

/** `GET invite.resolve?code=`: what a code offers, for the join and register pages (no login needed). */
export const inviteResolve = defineCall({
  method: 'GET',
  path: '/api/v3/invite.resolve',
  summary: 'What an invite code offers',
  tags: ['invites'],
  input: z.object({ code: inviteCodeField }),
  output: z.object({
    type: z.number().int(),
    valid: z.boolean(),
    groupName: z.string(),
    inviterNickname: z.string(),
  }),
});

/** One of my invitees with what they earned me. */
export const inviteUserItem = z.object({
  userId: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  joinedAt: z.string(),
  /** Commission I received through them, yuan with two decimals. */
  earnings: z.string(),
});

/** `GET invite.users.list`: my invitees and earnings. */
export const inviteUsersList = defineCall({
  method: 'GET',
  path: '/api/v3/invite.users.list',
  summary: 'My invitees and earnings',
  tags: ['invites'],
  input: pageQuery,
  output: pageOf(inviteUserItem).extend({
    /** My scale in tenths (my group's `scale`), and all I earned through invitees. */
    scale: z.number().int(),
    totalEarnings: z.string(),
    totalInvitees: z.number().int(),
  }),
});
