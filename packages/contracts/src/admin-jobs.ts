import { z } from 'zod';
import { defineCall } from './call.js';

// The job queue (operations issue): background jobs that used up their retries, and a retry button.

/** A job that failed after its retries. */
export const failedJob = z.object({
  id: z.string(),
  /** The queue: order_reconcile, redpacket_expiry, paid_group_expiry, realtime_prune, backup_check, ... */
  name: z.string(),
  /** The last attempt's error message. */
  error: z.string(),
  /** Runs made: the first and each retry. */
  attempts: z.number().int(),
  createdAt: z.string(),
  failedAt: z.string(),
});
/** A failed job. */
export type FailedJob = z.infer<typeof failedJob>;

/** `GET backAdmin/jobs.failed`: failed jobs, newest first (kept 7 days). */
export const jobsFailed = defineCall({
  method: 'GET',
  path: '/api/backAdmin/jobs.failed',
  summary: 'Background jobs that failed after their retries',
  tags: ['admin'],
  input: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
  output: z.object({ list: z.array(failedJob) }),
});

/** `POST backAdmin/jobs.retry`: runs a failed job once more (-4004 when it is not failed any more). */
export const jobsRetry = defineCall({
  method: 'POST',
  path: '/api/backAdmin/jobs.retry',
  summary: 'Retry a failed background job',
  tags: ['admin'],
  input: z.object({
    name: z.string().min(1).max(100),
    id: z.string().uuid(),
  }),
  output: z.object({ retried: z.boolean() }),
});
