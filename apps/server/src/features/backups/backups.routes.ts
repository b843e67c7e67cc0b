import { backupsRun, backupsStatus, Code } from '@forum/contracts';
import { AppError } from '../../platform/http/errors.js';
import type { Route } from '../../platform/http/router.js';
import { archivesIn, nextDue, type BackupJob } from './backup-job.js';

/** The state the dashboard card shows. */
async function statusOf(job: BackupJob, settingOf: (key: string) => string, limit: number) {
  const last = await job.last();
  const schedule = job.schedule();
  const dir = job.dir();
  const { lastOkAt = null, ...run } = last ?? {};
  return {
    schedule,
    scheduleSetting: settingOf('backup_schedule'),
    keep: Number(settingOf('backup_keep')) || 7,
    dir,
    running: job.isRunning(),
    last: last ? (run as typeof last) : null,
    lastOkAt: last?.ok ? last.at : lastOkAt,
    nextAt: schedule === 'off' ? null : new Date(Math.max(nextDue(schedule, last), Date.now())).toISOString(),
    archives: archivesIn(dir).slice(0, limit),
  };
}

/** The admin's backup calls (both `admin`: -4002 for anyone else). */
export function registerBackupRoutes(route: Route, job: BackupJob, settingOf: (key: string) => string): void {
  const admin = { admin: true };
  route(backupsStatus, admin, async (input) => statusOf(job, settingOf, input.limit));
  route(backupsRun, admin, async () => {
    const r = await job.run('admin');
    if (!r)
      throw new AppError(Code.RESOURCE_IN_USE, 'a backup is being written already; try again when it ends');
    return statusOf(job, settingOf, 10);
  });
}
