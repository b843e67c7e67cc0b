import path from 'node:path';
import type { Database } from '../../platform/db/db.js';

/** The settings tag of the backup keys (`backup_schedule`, `backup_keep`, `backup_dir`). */
export const BACKUP_TAG = 'backup';

/** How often scheduled backups run; `auto` is daily on the embedded server and off on DATABASE_URL. */
export type BackupSchedule = 'off' | 'daily' | 'weekly';

/** The schedule in force: a stored `off`/`daily`/`weekly`, else the database kind's default. */
export function scheduleOf(stored: string, kind: Database['kind']): BackupSchedule {
  if (stored === 'off' || stored === 'daily' || stored === 'weekly') return stored;
  // An owner who runs their own PostgreSQL has their own backups; the embedded one has none but ours.
  return kind === 'embedded' ? 'daily' : 'off';
}

/** How many archives a scheduled backup keeps (default 7, at least 1). */
export function keepOf(stored: string): number {
  const n = Number(stored);
  return Number.isInteger(n) && n >= 1 ? n : 7;
}

/** The folder backups go to: `backup_dir` (relative to DATA_DIR when relative), else DATA_DIR/backups. */
export function backupDirOf(stored: string, dataDir: string): string {
  return stored.trim() ? path.resolve(dataDir, stored.trim()) : path.join(dataDir, 'backups');
}

/** The backup folder read straight from the database (the CLI runs without the app's settings service). */
export async function defaultBackupDir(database: Database, dataDir: string): Promise<string> {
  const r = await database
    .exec(`SELECT value FROM settings WHERE key = 'backup_dir' AND tag = $1`, [BACKUP_TAG])
    .catch(() => ({ rows: [] as Record<string, unknown>[] }));
  return backupDirOf(String(r.rows[0]?.value ?? ''), dataDir);
}
