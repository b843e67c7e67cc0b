import type { FastifyInstance } from 'fastify';
import type { Route } from '../../platform/http/router.js';
import type { ForumServices } from '../../services.js';
import { BackupJob } from './backup-job.js';
import { BACKUP_TAG } from './backup-settings.js';
import { registerBackupRoutes } from './backups.routes.js';

/** Backups (operations issue): one archive of the database and DATA_DIR's files, restored into an empty site. */
export { createBackup, ARCHIVE_NAME, type BackupResult } from './create-backup.js';
export { restoreBackup } from './restore-backup.js';
export { BackupRefused, type BackupManifest } from './manifest.js';
export { defaultBackupDir } from './backup-settings.js';
export { BackupJob } from './backup-job.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tests reach the scheduled job here. */
    backups: BackupJob;
  }
}

/** Starts the scheduled backups (`backup_schedule`) and mounts the admin's status and "back up now" calls. */
export function mountBackups(
  ctx: ForumServices & { app: FastifyInstance; route: Route; version: string },
): BackupJob {
  const job = new BackupJob({
    database: ctx.database,
    settings: ctx.settings,
    dataDir: ctx.config.dataDir,
    version: ctx.version,
    log: ctx.app.log,
  });
  job.scheduleOn(ctx.jobs);
  registerBackupRoutes(ctx.route, job, (key) => ctx.settings.get(key, BACKUP_TAG));
  ctx.app.decorate('backups', job);
  return job;
}
