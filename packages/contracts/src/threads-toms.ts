import { z } from 'zod';
import { defineCall } from './call.js';
import { idField } from './fields.js';

/** `GET tom.permissions`: which block types the actor may insert, per category. */
export const tomPermissions = defineCall({
  method: 'GET',
  path: '/api/v3/tom.permissions',
  summary: 'Block types the actor may insert',
  tags: ['threads'],
  input: z.object({ categoryId: idField.optional() }),
  output: z.record(z.string(), z.boolean()),
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
