import { z } from 'zod';
import { defineCall } from './call.js';
import { boolish } from './fields.js';
import { pageOf, pageQuery } from './envelope.js';

// Content review for administrators (issue 10 §6): threads and replies held by stop words, and the decision.

/** One thread or reply in the review queue (or the latest lists). */
export const reviewItem = z.object({
  kind: z.enum(['thread', 'post']),
  id: z.number().int(),
  threadId: z.number().int(),
  title: z.string(),
  /** Plain text of the content, cut to 300 characters. */
  text: z.string(),
  /** The stop words that held it. */
  modWords: z.array(z.string()),
  isApproved: z.number().int(),
  isDeleted: z.boolean(),
  author: z.object({ userId: z.number().int(), nickname: z.string() }),
  createdAt: z.string(),
});
/** One item. */
export type ReviewItem = z.infer<typeof reviewItem>;

/** `GET backAdmin/manage.thread.list` / `manage.posts.list`: by approval state (0 held, 1 approved, 2 ignored). */
const listInput = pageQuery.extend({
  isApproved: z.coerce.number().int().min(0).max(2).default(0),
  isDeleted: boolish.default(false),
});

export const manageThreadList = defineCall({
  method: 'GET',
  path: '/api/backAdmin/manage.thread.list',
  summary: 'Threads by review state (admin)',
  tags: ['admin'],
  input: listInput,
  output: pageOf(reviewItem),
});

export const managePostList = defineCall({
  method: 'GET',
  path: '/api/backAdmin/manage.posts.list',
  summary: 'Replies by review state (admin)',
  tags: ['admin'],
  input: listInput,
  output: pageOf(reviewItem),
});

/**
 * `POST backAdmin/manage.submit.review`: pass, ignore or delete held threads or replies (`restore` brings a
 * deleted one back); the reason goes to the author with the notification.
 */
export const manageSubmitReview = defineCall({
  method: 'POST',
  path: '/api/backAdmin/manage.submit.review',
  summary: 'Decide on held content (admin)',
  tags: ['admin'],
  input: z.object({
    kind: z.enum(['thread', 'post']),
    ids: z.array(z.number().int().min(1)).min(1, { message: 'ids is required' }).max(100),
    action: z.enum(['pass', 'ignore', 'delete', 'restore']),
    reason: z.string().max(200).default(''),
  }),
  output: z.object({ done: z.array(z.number().int()) }),
});
