import { z } from 'zod';
import { defineCall } from './call.js';
import { pageOf, pageQuery } from './envelope.js';

// Topics and reports for administrators (issue 10 §6; reference §1.5, §1.13).

const ids = z.array(z.number().int().min(1)).min(1, { message: 'ids is required' }).max(100);

/** `POST backAdmin/topics.batch.update`: recommend topics (or take the recommendation back). */
export const topicsBatchUpdate = defineCall({
  method: 'POST',
  path: '/api/backAdmin/topics.batch.update',
  summary: 'Recommend topics (admin)',
  tags: ['admin', 'topics'],
  input: z.object({ ids, recommended: z.boolean({ message: 'recommended must be true or false' }) }),
  output: z.object({ updated: z.array(z.number().int()) }),
});

/** `POST backAdmin/topics.batch.delete`: deletes topics and their links to threads (the threads stay). */
export const topicsBatchDelete = defineCall({
  method: 'POST',
  path: '/api/backAdmin/topics.batch.delete',
  summary: 'Delete topics (admin)',
  tags: ['admin', 'topics'],
  input: z.object({ ids }),
  output: z.object({ deleted: z.array(z.number().int()) }),
});

/** Report states (reference §1.13). */
export const ReportStatus = { OPEN: 0, HANDLED: 1 } as const;

/** One report as the admin reads it. */
export const reportItem = z.object({
  id: z.number().int(),
  /** 0 a user, 1 a thread, 2 a reply. */
  type: z.number().int(),
  status: z.number().int(),
  reason: z.string(),
  reporter: z.object({ userId: z.number().int(), nickname: z.string() }),
  reported: z.object({ userId: z.number().int(), nickname: z.string() }),
  threadId: z.number().int(),
  postId: z.number().int(),
  /** The thread's title, or the reply's text, cut to 100 characters; '' for a user. */
  excerpt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
/** A report. */
export type ReportItem = z.infer<typeof reportItem>;

/** `GET backAdmin/reports`: open (status 0) or handled (1) reports, newest first, optionally of one type. */
export const reportsList = defineCall({
  method: 'GET',
  path: '/api/backAdmin/reports',
  aliases: ['/api/reports.v2'],
  summary: 'Reports (admin)',
  tags: ['admin', 'reports'],
  input: pageQuery.extend({
    status: z.coerce.number().int().min(0).max(1).default(0),
    type: z.coerce.number().int().min(0).max(2).optional(),
  }),
  output: pageOf(reportItem),
});

/** `POST backAdmin/reports/batch`: marks reports handled (or open again). */
export const reportsBatch = defineCall({
  method: 'POST',
  path: '/api/backAdmin/reports/batch',
  summary: 'Mark reports handled (admin)',
  tags: ['admin', 'reports'],
  input: z.object({ ids, status: z.number().int().min(0).max(1).default(1) }),
  output: z.object({ updated: z.array(z.number().int()) }),
});

/** `POST backAdmin/reports/delete`. */
export const reportsDelete = defineCall({
  method: 'POST',
  path: '/api/backAdmin/reports/delete',
  summary: 'Delete reports (admin)',
  tags: ['admin', 'reports'],
  input: z.object({ ids }),
  output: z.object({ deleted: z.array(z.number().int()) }),
});
