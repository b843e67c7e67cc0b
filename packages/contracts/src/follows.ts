import { z } from 'zod';
import { defineCall } from './call.js';
import { idField } from './fields.js';
import { pageOf, pageQuery } from './envelope.js';
import { publicUser } from './users.js';

/** Follow state of a user as the viewer sees it (spec §3): 0 none, 1 I follow them, 2 mutual. */
export const followState = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** A user in a follow, fan or block list, with the viewer's follow state and block flag. */
export const followListItem = publicUser.extend({
  follow: followState,
  isDeny: z.boolean(),
  /** The original's names for `follow` 1 or 2, and 2. */
  isFollow: z.boolean(),
  isMutualFollow: z.boolean(),
});
/** A follow-list entry. */
export type FollowListItem = z.infer<typeof followListItem>;

/** `POST follow.create`: follow a user (reference §1.6); `isMutual` when they follow back. */
export const followCreate = defineCall({
  method: 'POST',
  path: '/api/v3/follow.create',
  summary: 'Follow a user',
  tags: ['follows'],
  input: z.object({ toUserId: idField }),
  output: z.object({ isMutual: z.boolean(), followCount: z.number().int(), fansCount: z.number().int() }),
});

/** `POST follow.delete`: type 1 unfollows `id`; type 2 removes `id` from my fans. */
export const followDelete = defineCall({
  method: 'POST',
  path: '/api/v3/follow.delete',
  summary: 'Unfollow a user, or remove one of my fans',
  tags: ['follows'],
  input: z.object({ id: idField, type: z.coerce.number().int().min(1).max(2).default(1) }),
  output: z.object({ followCount: z.number().int(), fansCount: z.number().int() }),
});

/** `GET follow.list`: whom a user follows (type 1) or who follows them (type 2); the viewer by default. */
export const followList = defineCall({
  method: 'GET',
  path: '/api/v3/follow.list',
  summary: "A user's follows or fans",
  tags: ['follows'],
  input: pageQuery.extend({
    filter: z
      .object({ type: z.coerce.number().int().min(1).max(2).default(1), userId: idField.optional() })
      .default({ type: 1 }),
  }),
  output: pageOf(followListItem),
});

/** `POST users/deny.create`: block a user; their follow in either direction ends. */
export const denyCreate = defineCall({
  method: 'POST',
  path: '/api/v3/users/deny.create',
  summary: 'Block a user',
  tags: ['follows'],
  input: z.object({ id: idField }),
  output: z.object({ isDeny: z.literal(true) }),
});

/** `POST users/deny.delete`: unblock a user. */
export const denyDelete = defineCall({
  method: 'POST',
  path: '/api/v3/users/deny.delete',
  summary: 'Unblock a user',
  tags: ['follows'],
  input: z.object({ id: idField }),
  output: z.object({ isDeny: z.literal(false) }),
});

/** `GET users/deny.list`: the users I blocked. */
export const denyList = defineCall({
  method: 'GET',
  path: '/api/v3/users/deny.list',
  summary: 'Users I blocked',
  tags: ['follows'],
  input: pageQuery,
  output: pageOf(followListItem),
});
