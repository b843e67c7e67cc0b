import { z } from 'zod';
import { defineCall } from './call.js';
import { idField } from './fields.js';

/** One permission as the original Discuz! Q clients read it (`createThread.enable`, `insertImage.enable`, ...). */
export const dzqPermissionFlag = z.object({ enable: z.boolean(), desc: z.string() });

/**
 * `GET tom.permissions`: which block types the actor may insert, per category. Our clients get tom ids and
 * switches as booleans (`{"100": true, "101": false, "position": true}`); the original clients (calls marked
 * `dzqSid`/`dzqPf`) get the original's named objects (`{"createThread": {"enable": true, "desc": ...}}`).
 */
export const tomPermissions = defineCall({
  method: 'GET',
  path: '/api/v3/tom.permissions',
  summary: 'Block types the actor may insert',
  tags: ['threads'],
  input: z.object({ categoryId: idField.optional() }),
  output: z.union([z.record(z.string(), z.boolean()), z.record(z.string(), dzqPermissionFlag)]),
});

/** `POST vote.thread`: vote in a thread's vote block. */
export const voteThread = defineCall({
  method: 'POST',
  path: '/api/v3/vote.thread',
  summary: 'Vote in a thread',
  tags: ['threads'],
  input: z.object({
    threadId: idField,
    vote: z.object({ id: idField, subitemIds: z.array(idField).min(1).max(20) }),
  }),
  output: z.unknown(),
});

/** Vote block body as stored and shown. */
export const voteBody = z.object({
  voteId: z.number().int(),
  voteTitle: z.string(),
  choiceType: z.number().int(),
  expiredAt: z.string().nullable(),
  isExpired: z.boolean(),
  isVoted: z.boolean(),
  voteUsers: z.number().int(),
  subitems: z.array(
    z.object({
      id: z.number().int(),
      content: z.string(),
      voteCount: z.number().int(),
      isVoted: z.boolean(),
    }),
  ),
});
