import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { BackupRun } from '@forum/contracts';
import type { Database } from '../../platform/db/db.js';
import type { Jobs } from '../../platform/jobs/index.js';
import type { SettingsService } from '../settings/index.js';
import { BACKUP_TAG, backupDirOf, keepOf, scheduleOf, type BackupSchedule } from './backup-settings.js';
import { ARCHIVE_NAME, createBackup } from './create-backup.js';

/** How often the job looks whether a backup is due. */
export const CHECK_EVERY_MS = 10 * 60_000;
/** The longest a scheduled backup may run before the queue marks it failed. */
const BACKUP_EXPIRE_SECONDS = 6 * 3600;
/** After a failed run the schedule tries again this much later (not at every check). */
export const RETRY_AFTER_MS = 60 * 60_000;
/** Serialises backups across instances: "back" in ASCII. */
const BACKUP_LOCK_KEY = 0x6261636b;
const DAY = 24 * 60 * 60_000;

/** The stored last run (setting `backup_last`, tag `backup`), with the time of the last that worked. */
export interface StoredRun extends BackupRun {
  lastOkAt: string | null;
}

/** Whether a scheduled backup is due at `now` after `last`. */
export function isDue(schedule: BackupSchedule, last: StoredRun | null, now: number): boolean {
  if (schedule === 'off') return false;
  if (last && now - Date.parse(last.at) < RETRY_AFTER_MS) return false;
  return nextDue(schedule, last) <= now;
}

/** When the schedule wants its next backup (now, when none ever worked). */
export function nextDue(schedule: BackupSchedule, last: StoredRun | null): number {
  const period = schedule === 'weekly' ? 7 * DAY : DAY;
  const ok = last?.ok ? last.at : last?.lastOkAt;
  if (!ok) return last ? Date.parse(last.at) + RETRY_AFTER_MS : 0;
  const due = Date.parse(ok) + period;
  return last && !last.ok ? Math.max(due, Date.parse(last.at) + RETRY_AFTER_MS) : due;
}

/** The archives in a folder, newest first. */
export function archivesIn(dir: string): { name: string; size: number; createdAt: string }[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => ARCHIVE_NAME.test(n));
  } catch {
    return [];
  }
  return names
    .sort()
    .reverse()
    .map((name) => {
      const st = statSync(path.join(dir, name), { throwIfNoEntry: false });
      return { name, size: st?.size ?? 0, createdAt: (st?.mtime ?? new Date(0)).toISOString() };
    });
}

/** What the job needs. */
export interface BackupJobDeps {
  database: Database;
  settings: SettingsService;
  dataDir: string;
  version: string;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * Scheduled backups (`backup_schedule`, `backup_keep`, `backup_dir`) and "back up now". Any instance may run
 * one; a PostgreSQL advisory lock lets one at a time through, and the last run is stored in the database, so
 * N instances back up once per period between them.
 */
export class BackupJob {
  private running = false;
  constructor(private readonly d: BackupJobDeps) {}

  /** The schedule in force. */
  schedule(): BackupSchedule {
    return scheduleOf(this.d.settings.get('backup_schedule', BACKUP_TAG), this.d.database.kind);
  }

  /** The folder archives go to. */
  dir(): string {
    return backupDirOf(this.d.settings.get('backup_dir', BACKUP_TAG), this.d.dataDir);
  }

  /** Whether a backup runs in this instance now. */
  isRunning(): boolean {
    return this.running;
  }

  /** The last run, read from the database (another instance may have made it). */
  async last(): Promise<StoredRun | null> {
    const r = await this.d.database.exec(
      `SELECT value FROM settings WHERE key = 'backup_last' AND tag = $1`,
      [BACKUP_TAG],
    );
    const v = r.rows[0]?.value;
    if (typeof v !== 'string' || !v) return null;
    try {
      return JSON.parse(v) as StoredRun;
    } catch {
      return null;
    }
  }

  /** One look: a backup when the schedule says one is due (and no other instance is writing one). */
  async tick(now = Date.now()): Promise<StoredRun | null> {
    const schedule = this.schedule();
    if (schedule === 'off' || !isDue(schedule, await this.last(), now)) return null;
    return this.run('schedule', (last) => isDue(schedule, last, now));
  }

  /**
   * Writes a backup under the lock, stores the result and prunes archives beyond `backup_keep`. Answers null
   * when another instance holds the lock or `still` says the run is no longer wanted.
   */
  async run(
    trigger: BackupRun['trigger'],
    still: (last: StoredRun | null) => boolean = () => true,
  ): Promise<StoredRun | null> {
    return this.d.database.withClient(async (client) => {
      const got = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [
        BACKUP_LOCK_KEY,
      ]);
      if (!got.rows[0]?.ok) return null;
      try {
        const last = await this.last();
        if (!still(last)) return null;
        return await this.runLocked(trigger, last);
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [BACKUP_LOCK_KEY]);
      }
    });
  }

  private async runLocked(trigger: BackupRun['trigger'], last: StoredRun | null): Promise<StoredRun> {
    const t0 = Date.now();
    const at = new Date(t0).toISOString();
    const dir = this.dir();
    this.running = true;
    let run: StoredRun;
    try {
      const r = await createBackup({
        database: this.d.database,
        dataDir: this.d.dataDir,
        toDir: dir,
        appVersion: this.d.version,
      });
      run = {
        at,
        ok: true,
        file: path.basename(r.file),
        size: r.size,
        durationMs: Date.now() - t0,
        error: null,
        trigger,
        lastOkAt: at,
      };
      this.prune(dir);
      this.d.log.info({ file: r.file, size: r.size, ms: run.durationMs }, 'backup written');
    } catch (err) {
      const error = (err as Error).message || String(err);
      run = {
        at,
        ok: false,
        file: null,
        size: null,
        durationMs: Date.now() - t0,
        error,
        trigger,
        lastOkAt: last?.ok ? last.at : (last?.lastOkAt ?? null),
      };
      this.d.log.error({ err, dir }, 'backup failed');
    } finally {
      this.running = false;
    }
    await this.d.settings.set([{ key: 'backup_last', tag: BACKUP_TAG, value: JSON.stringify(run) }]);
    return run;
  }

  /** Keeps the newest `backup_keep` archives of the folder. */
  private prune(dir: string): void {
    const keep = keepOf(this.d.settings.get('backup_keep', BACKUP_TAG));
    for (const a of archivesIn(dir).slice(keep)) rmSync(path.join(dir, a.name), { force: true });
  }

  /**
   * Looks whether a backup is due every CHECK_EVERY_MS on one instance (the job queue's schedule). A run may
   * take long: the queue fails (and does not retry) a check still running after BACKUP_EXPIRE_SECONDS.
   */
  scheduleOn(jobs: Jobs): void {
    jobs.work('backup_check', () => this.tick(), { expireInSeconds: BACKUP_EXPIRE_SECONDS });
    jobs.schedule('backup_check', { everyMs: CHECK_EVERY_MS });
  }
}
