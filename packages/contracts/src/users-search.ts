import { z } from 'zod';
import { defineCall } from './call.js';
import { pageOf, pageQuery } from './envelope.js';
import { publicUser } from './users.js';

/** A user search hit: the public card plus the matched name as escaped HTML with `<mark>` around the match. */
export const userSearchItem = publicUser.extend({
  /** The viewer follows this user / both follow each other (false for guests). */
  isFollow: z.boolean(),
  isMutualFollow: z.boolean(),
  highlight: z
    .object({
      nickname: z.string(),
      username: z.string(),
    })
    .optional(),
});
/** A user search hit as sent to clients. */
export type UserSearchItem = z.infer<typeof userSearchItem>;

const term = z.string().trim().max(100).optional();

/** `GET users.list`: user search (reference §1.6); substring match on nickname and/or username, exact matches first. */
export const usersList = defineCall({
  method: 'GET',
  path: '/api/v3/users.list',
  summary: 'Search users by nickname or username',
  tags: ['users'],
  input: pageQuery.extend({
    filter: z
      .object({
        nickname: term,
        username: term,
        /** Matches nickname or username. */
        keyword: term,
      })
      .default({}),
  }),
  output: pageOf(userSearchItem),
});
