import { z } from 'zod';
import { defineCall } from './call.js';

// Backups (operations issue): the scheduled backups' state on the admin dashboard, and "back up now".

/** The last backup run: when, whether it worked, the archive or the error. */
export const backupRun = z.object({
  at: z.string(),
  ok: z.boolean(),
  /** The archive's file name (in `dir`), when it worked. */
  file: z.string().nullable(),
  size: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** Why it failed, for the operator. */
  error: z.string().nullable(),
  /** `schedule` or `admin` (the "back up now" button). */
  trigger: z.enum(['schedule', 'admin']),
});
/** A backup run. */
export type BackupRun = z.infer<typeof backupRun>;

/** The backups' state. */
export const backupsStatusOutput = z.object({
  /** The schedule in force (the setting, or the default of the database kind: daily embedded, off external). */
  schedule: z.enum(['off', 'daily', 'weekly']),
  /** The `backup_schedule` setting as stored ('' = the default). */
  scheduleSetting: z.string(),
  keep: z.number().int(),
  dir: z.string(),
  running: z.boolean(),
  last: backupRun.nullable(),
  /** The last run that worked (the last one may have failed). */
  lastOkAt: z.string().nullable(),
  /** When the schedule runs next (about: the job looks every 10 minutes); null when off. */
  nextAt: z.string().nullable(),
  /** Archives in `dir`, newest first. */
  archives: z.array(z.object({ name: z.string(), size: z.number().int(), createdAt: z.string() })),
});

/** `GET backAdmin/backups`: the scheduled backups' state and the newest archives. */
export const backupsStatus = defineCall({
  method: 'GET',
  path: '/api/backAdmin/backups',
  summary: 'Backups: schedule, last result, archives',
  tags: ['admin'],
  input: z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) }),
  output: backupsStatusOutput,
});

/** `POST backAdmin/backups.run`: writes a backup now (answers when it is written, with the new state). */
export const backupsRun = defineCall({
  method: 'POST',
  path: '/api/backAdmin/backups.run',
  summary: 'Back up now',
  tags: ['admin'],
  input: z.object({}),
  output: backupsStatusOutput,
});
