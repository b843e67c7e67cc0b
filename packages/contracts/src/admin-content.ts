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
  /** The thread's category and marks (a reply carries its thread's). */
  categoryId: z.number().int(),
  isSticky: z.boolean(),
  isEssence: z.boolean(),
  isSite: z.boolean(),
  postCount: z.number().int(),
});
/** One item. */
export type ReviewItem = z.infer<typeof reviewItem>;

/** An optional day filter (YYYY-MM-DD); an empty string reads as unset. */
export const dayFilter = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date (YYYY-MM-DD)' })
  .optional()
  .or(z.literal('').transform(() => undefined));

/** The filters of the admin's content lists (the admin app's filter form validates with this too). */
export const manageFilter = z.object({
  categoryId: z.coerce.number().int().min(0).default(0),
  q: z.string().trim().max(100, { message: 'q can be at most 100 characters' }).default(''),
  username: z.string().trim().max(100, { message: 'username can be at most 100 characters' }).default(''),
  createdAtBegin: dayFilter,
  createdAtEnd: dayFilter,
});

/**
 * `GET backAdmin/manage.thread.list` / `manage.posts.list`: by approval state (0 held, 1 approved: the latest
 * content, 2 ignored) or the recycle bin, filtered by category, words, author and creation day (UTC).
 */
const listInput = pageQuery.extend({
  isApproved: z.coerce.number().int().min(0).max(2).default(0),
  isDeleted: boolish.default(false),
  ...manageFilter.shape,
});
/** The list filters. */
export type ManageListInput = z.infer<typeof listInput>;

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

/**
 * `POST backAdmin/threads.batch`: move, pin, mark essence, recommend to the home page, delete or restore
 * threads in one go (reference §1.13); at least one change. Deleting tells each author, with the reason.
 */
export const threadsBatch = defineCall({
  method: 'POST',
  path: '/api/backAdmin/threads.batch',
  summary: 'Change threads in a batch (admin)',
  tags: ['admin'],
  input: z
    .object({
      ids: z.array(z.number().int().min(1)).min(1, { message: 'ids is required' }).max(100),
      categoryId: z.number().int().min(1).optional(),
      isSticky: z.boolean().optional(),
      isEssence: z.boolean().optional(),
      isSite: z.boolean().optional(),
      isDeleted: z.boolean().optional(),
      reason: z.string().max(200).default(''),
    })
    .refine(
      (v) => [v.categoryId, v.isSticky, v.isEssence, v.isSite, v.isDeleted].some((x) => x !== undefined),
      { message: 'ids: say what to change (categoryId, isSticky, isEssence, isSite or isDeleted)' },
    ),
  output: z.object({ done: z.array(z.number().int()) }),
});

/** `POST backAdmin/manage.purge`: removes threads or replies in the recycle bin for good (with their files). */
export const managePurge = defineCall({
  method: 'POST',
  path: '/api/backAdmin/manage.purge',
  summary: 'Purge deleted threads or replies (admin)',
  tags: ['admin'],
  input: z.object({
    kind: z.enum(['thread', 'post']),
    ids: z.array(z.number().int().min(1)).min(1, { message: 'ids is required' }).max(100),
  }),
  output: z.object({ purged: z.array(z.number().int()) }),
});
