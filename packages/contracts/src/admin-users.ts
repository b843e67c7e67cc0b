import { z } from 'zod';
import { defineCall } from './call.js';
import { pageOf, pageQuery } from './envelope.js';

// Users for administrators (issue 10 §3): search, detail, group and status, review, avatar removal, export.

/** A user as the admin area shows them. */
export const adminUser = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  mobile: z.string(),
  avatarUrl: z.string(),
  signature: z.string(),
  /** 0 normal, 1 banned, 2 pending review, 3 rejected, 4 ignored, 10 needs sign-in fields. */
  status: z.number().int(),
  /** Ban or rejection reason. */
  reason: z.string(),
  groupId: z.number().int(),
  groupName: z.string(),
  threadCount: z.number().int(),
  postCount: z.number().int(),
  joinedAt: z.string(),
  loginAt: z.string().nullable(),
});
/** A user. */
export type AdminUser = z.infer<typeof adminUser>;

/** Search filters (the original's: username, nickname, mobile, status, group). */
export const adminUserFilter = z
  .object({
    username: z.string().trim().max(100).optional(),
    nickname: z.string().trim().max(100).optional(),
    mobile: z.string().trim().max(20).optional(),
    status: z.coerce.number().int().min(0).max(10).optional(),
    groupId: z.coerce.number().int().min(1).optional(),
  })
  .default({});

export const adminUsersList = defineCall({
  method: 'GET',
  path: '/api/backAdmin/users',
  summary: 'Search users (admin)',
  tags: ['admin'],
  input: pageQuery.extend({ filter: adminUserFilter }),
  output: pageOf(adminUser),
});

export const adminUserDetail = defineCall({
  method: 'GET',
  path: '/api/backAdmin/user',
  summary: 'One user (admin)',
  tags: ['admin'],
  input: z.object({ userId: z.coerce.number().int().min(1) }),
  output: adminUser,
});

/** `POST backAdmin/users/update.user`: move to a group, ban (with a reason) or unban. */
export const adminUserUpdate = defineCall({
  method: 'POST',
  path: '/api/backAdmin/users/update.user',
  summary: "Change a user's group or status (admin)",
  tags: ['admin'],
  input: z.object({
    userId: z.number().int().min(1),
    groupId: z.number().int().min(1).optional(),
    status: z
      .union([z.literal(0), z.literal(1)], { message: 'status is 0 (normal) or 1 (banned)' })
      .optional(),
    reason: z.string().max(200).default(''),
  }),
  output: adminUser,
});

/** `POST backAdmin/users/examine`: decide on pending registrations: 0 approve, 3 reject (with reason), 4 ignore. */
export const adminUsersExamine = defineCall({
  method: 'POST',
  path: '/api/backAdmin/users/examine',
  summary: 'Review pending registrations (admin)',
  tags: ['admin'],
  input: z.object({
    data: z
      .array(
        z.object({
          id: z.number().int().min(1),
          status: z.union([z.literal(0), z.literal(3), z.literal(4)], { message: 'status is 0, 3 or 4' }),
          rejectReason: z.string().max(200).default(''),
        }),
      )
      .min(1, { message: 'data is required' })
      .max(100),
  }),
  output: z.object({ done: z.array(z.number().int()) }),
});

/** `POST backAdmin/delete/users/avatar`: removes a user's avatar. */
export const adminAvatarDelete = defineCall({
  method: 'POST',
  path: '/api/backAdmin/delete/users/avatar',
  summary: "Remove a user's avatar (admin)",
  tags: ['admin'],
  input: z.object({ userId: z.number().int().min(1) }),
  output: adminUser,
});

/** `GET backAdmin/export/users`: the search as CSV (UTF-8 with a BOM, so spreadsheets read the Chinese). */
export const adminUsersExport = defineCall({
  method: 'GET',
  path: '/api/backAdmin/export/users',
  summary: 'Export users as CSV (admin)',
  tags: ['admin'],
  input: z.object({ filter: adminUserFilter }),
  output: z.unknown(),
});
