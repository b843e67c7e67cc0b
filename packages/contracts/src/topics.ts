import { z } from 'zod';
import { defineCall } from './call.js';
import { pageOf, pageQuery } from './envelope.js';
import { boolish, idField } from './fields.js';

/** A topic (`#name#` in content). */
export const topicItem = z.object({
  topicId: z.number().int(),
  content: z.string(),
  threadCount: z.number().int(),
  viewCount: z.number().int(),
  recommended: z.boolean(),
  createdAt: z.string(),
});
/** A topic as sent to clients. */
export type TopicItem = z.infer<typeof topicItem>;

/** `GET topics.list`: sortBy 1 views, 2 threads (default), 3 newest; filter by name, id or recommended. */
export const topicsList = defineCall({
  method: 'GET',
  path: '/api/v3/topics.list',
  summary: 'Topics, searchable and sortable',
  tags: ['topics'],
  input: pageQuery.extend({
    filter: z
      .object({
        content: z.string().trim().max(100).optional(),
        topicId: idField.optional(),
        recommended: boolish.optional(),
      })
      .default({}),
    sortBy: z.coerce.number().int().min(1).max(3).default(2),
  }),
  output: pageOf(topicItem),
});

/** `POST topic.view`: counts one visit of a topic page (sent by the page in the browser, never by SSR). */
export const topicViewCount = defineCall({
  method: 'POST',
  path: '/api/v3/topic.view',
  summary: 'Count a view of a topic page',
  tags: ['topics'],
  input: z.object({ topicId: idField }),
  output: z.object({ topicId: z.number().int(), viewCount: z.number().int() }),
});

/** An emoji (`:code:` in content). */
export const emojiItem = z.object({
  id: z.number().int(),
  category: z.string(),
  url: z.string(),
  code: z.string(),
  order: z.number().int(),
});

/** `GET emoji`: never empty (the original client crashes on an empty list). */
export const emojiList = defineCall({
  method: 'GET',
  path: '/api/v3/emoji',
  summary: 'The emoji set with their codes',
  tags: ['topics'],
  input: z.object({}),
  output: z.array(emojiItem),
});

/** Report kinds (reference §1.13): 0 a user profile, 1 a thread, 2 a reply. */
export const ReportType = { USER: 0, THREAD: 1, POST: 2 } as const;

/** `POST reports`. */
export const reportCreate = defineCall({
  method: 'POST',
  path: '/api/v3/reports',
  summary: 'Report a user, thread or reply',
  tags: ['reports'],
  input: z.object({
    type: z.coerce.number().int().min(0).max(2),
    userId: z.coerce.number().int().min(0).default(0),
    threadId: z.coerce.number().int().min(0).default(0),
    postId: z.coerce.number().int().min(0).default(0),
    reason: z.string().trim().min(1, { message: 'reason is required' }).max(200),
  }),
  output: z.object({ id: z.number().int() }),
});
