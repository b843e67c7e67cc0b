import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { initCluster, readOrCreatePassword } from './init-cluster.js';
import { freePort, waitFor } from './wait.js';
import { postgresBinaries } from './postgres-binaries.js';
import { ensureReachable, postgresRunAs, type RunAs } from './postgres-os-user.js';
import { settingFlags, SMALL_SITE_SETTINGS, type PostgresSettings } from './postgres-settings.js';
import { isPostmasterOf, parentOf, readPostmasterPid } from './postmaster-pid.js';

/** Where a cluster lives and how it runs. */
export interface EmbeddedPostgresOptions {
  /** The cluster folder (DATA_DIR/pg). Its siblings pg.password and pg.log belong to it. */
  dir: string;
  settings?: PostgresSettings;
  /** Notes worth an operator's eye (an orphan stopped, an account created). */
  log?: (message: string) => void;
}

/** A running embedded server. */
export interface EmbeddedPostgres {
  /** Connection string for a database on it (as the cluster's superuser, over loopback). */
  url(database: string): string;
  /** Process id of the postmaster. */
  pid: number;
  /** Fast shutdown if this process started it; a server another live forum process runs is left alone. */
  stop(): Promise<void>;
}

const SUPERUSER = 'postgres';

/**
 * Starts PostgreSQL on `dir` (initialising it on first use) and supervises it. A server left running
 * by a forum process that died (kill -9) is stopped and started again as ours; one a live forum process
 * runs (the server while a CLI command runs) is shared; a stale pid file is cleared.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? ((m: string) => console.warn(`embedded PostgreSQL: ${m}`));
  const dir = path.resolve(options.dir);
  const dataDir = path.dirname(dir);
  fs.mkdirSync(dataDir, { recursive: true });
  const bin = await postgresBinaries();
  const runAs = postgresRunAs(log);
  ensureReachable(runAs, dataDir, path.dirname(bin.postgres), log);
  const clusterExists = fs.existsSync(path.join(dir, 'PG_VERSION'));
  if (clusterExists) {
    const major = Number(fs.readFileSync(path.join(dir, 'PG_VERSION'), 'utf8').trim());
    if (major !== bin.major) {
      throw new Error(
        `${dir} holds a PostgreSQL ${major} cluster (an older forum's, or PGlite's) and this forum ships PostgreSQL ` +
          `${bin.major}: dump it with that version's pg_dump and restore it here, or move the folder away`,
      );
    }
  }
  const password = readOrCreatePassword(`${dir}.password`, clusterExists);
  const url = (port: number) => (database: string) =>
    `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  if (!clusterExists) await initCluster({ initdb: bin.initdb, dir, superuser: SUPERUSER, password, runAs });

  const found = readPostmasterPid(dir);
  if (found && isPostmasterOf(found.pid, dir)) {
    if (parentOf(found.pid) === Number(readText(ownerFile(dir)))) {
      // Its forum process is alive (it is the parent): share the server, and leave stopping it to that process.
      await waitFor(() => readPostmasterPid(dir)?.status === 'ready', 60_000, 'the running server');
      return { url: url(found.port), pid: found.pid, stop: async () => {} };
    }
    log(`stopping the server a crashed forum process left running (pid ${found.pid})`);
    process.kill(found.pid, 'SIGINT');
    await waitFor(() => !isPostmasterOf(found.pid, dir), 60_000, 'the orphaned server to stop');
  } else if (found) {
    // The pid now belongs to some other process (reboot, new container): PostgreSQL would refuse to start.
    fs.rmSync(path.join(dir, 'postmaster.pid'), { force: true });
  }

  const flags = settingFlags({ ...SMALL_SITE_SETTINGS, ...options.settings });
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = spawnPostgres(bin.postgres, dir, port, flags, runAs);
    let spawnError: Error | null = null;
    child.once('error', (err) => (spawnError = err));
    fs.writeFileSync(ownerFile(dir), String(process.pid));
    try {
      await waitFor(
        () => {
          if (spawnError) throw spawnError;
          if (child.exitCode !== null || child.signalCode !== null) throw new Error(startFailure(dir));
          const running = readPostmasterPid(dir);
          return running !== null && running.pid === child.pid && running.status === 'ready';
        },
        60_000,
        'PostgreSQL to accept connections',
      );
    } catch (err) {
      // Another program may take the free port between our probe and PostgreSQL's bind: try another.
      if (attempt < 5 && /could not (bind|create listen)/i.test((err as Error).message)) continue;
      child.kill('SIGQUIT');
      throw err;
    }
    return supervise(child, dir, url(port));
  }
}

function spawnPostgres(bin: string, dir: string, port: number, flags: string[], runAs: RunAs): ChildProcess {
  // The previous run's log is kept one start back (after a crash it says what happened).
  if (fs.existsSync(`${dir}.log`)) fs.renameSync(`${dir}.log`, `${dir}.log.1`);
  // Error lines can quote statements: the log is as private as the data.
  const logFd = fs.openSync(`${dir}.log`, 'w', 0o600);
  try {
    // Its own process group: a terminal's Ctrl-C reaches the forum, which drains requests before stopping it.
    const child = spawn(bin, ['-D', dir, '-p', String(port), ...flags], {
      detached: true,
      windowsHide: true,
      stdio: ['ignore', logFd, logFd],
      env: { ...process.env, LC_MESSAGES: 'C', LANG: 'C' },
      ...(runAs ?? {}),
    });
    child.unref();
    return child;
  } finally {
    fs.closeSync(logFd);
  }
}

function supervise(child: ChildProcess, dir: string, url: (database: string) => string): EmbeddedPostgres {
  const pid = child.pid!;
  // If the forum exits without stop() (an uncaught error, process.exit), the server still shuts down.
  const onExit = () => child.kill('SIGINT');
  process.once('exit', onExit);
  let stopping: Promise<void> | null = null;
  return {
    url,
    pid,
    stop() {
      stopping ??= (async () => {
        process.off('exit', onExit);
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
          // Fast shutdown: open transactions roll back, committed ones are already durable.
          child.kill('SIGINT');
          const slow = setTimeout(() => child.kill('SIGQUIT'), 30_000);
          await exited;
          clearTimeout(slow);
        }
        fs.rmSync(ownerFile(dir), { force: true });
      })();
      return stopping;
    },
  };
}

function ownerFile(dir: string): string {
  return `${dir}.owner`;
}

function readText(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
}

function startFailure(dir: string): string {
  const text = readText(`${dir}.log`);
  return `PostgreSQL did not start (see ${dir}.log):\n${text.slice(-2000)}`;
}
