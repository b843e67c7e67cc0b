import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { initCluster, readOrCreatePassword } from './init-cluster.js';
import { freePort, waitFor } from './wait.js';
import { postgresBinaries } from './postgres-binaries.js';
import { ensureReachable, postgresRunAs, type RunAs } from './postgres-os-user.js';
import { settingFlags, SMALL_SITE_SETTINGS, type PostgresSettings } from './postgres-settings.js';
import { isAlive, isPostmasterOf, parentOf, readPostmasterPid } from './postmaster-pid.js';

/** Where a cluster lives and how it runs. */
export interface EmbeddedPostgresOptions {
  /** The cluster folder (DATA_DIR/pg). Its siblings pg.password and pg.log belong to it. */
  dir: string;
  settings?: PostgresSettings;
  /** Notes worth an operator's eye (an orphan stopped, an account created, a restart). */
  log?: (message: string) => void;
  /** The port to listen on (a server restarted by hand keeps its address); a free one by default. */
  port?: number;
  /** The postmaster died without being asked; the supervisor is restarting it. */
  onExit?: (reason: string) => void;
  /** The postmaster the supervisor restarted accepts connections again. */
  onRestart?: () => void;
}

/** A running embedded server. */
export interface EmbeddedPostgres {
  /** Connection string for a database on it (as the cluster's superuser, over loopback). */
  url(database: string): string;
  /** Process id of the postmaster (a new one after a restart). */
  readonly pid: number;
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
  }

  const flags = settingFlags({ ...SMALL_SITE_SETTINGS, ...options.settings });
  const launch = (port: number) => launchPostgres(bin.postgres, dir, port, flags, runAs);
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort());
    try {
      const child = await launch(port);
      return supervise(child, dir, port, url(port), launch, log, options.onExit, options.onRestart);
    } catch (err) {
      // Another program may take the free port between our probe and PostgreSQL's bind: try another.
      if (!options.port && attempt < 5 && isBindFailure(err)) continue;
      // Backends of a postmaster killed just before are still leaving: PostgreSQL waits for none, we do.
      if (attempt < 40 && /shared memory block .* still in use/i.test((err as Error).message)) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        continue;
      }
      throw err;
    }
  }
}

function isBindFailure(err: unknown): boolean {
  return /could not (bind|create listen)/i.test((err as Error).message);
}

/** Spawns the postmaster on `port` and resolves once it accepts connections (or rejects with its log). */
async function launchPostgres(
  bin: string,
  dir: string,
  port: number,
  flags: string[],
  runAs: RunAs,
): Promise<ChildProcess> {
  clearForeignPidFile(dir);
  const child = spawnPostgres(bin, dir, port, flags, runAs);
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
    child.kill('SIGQUIT');
    throw err;
  }
  return child;
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

/** First wait before starting a postmaster that died again; doubles per failed start up to the cap. */
const RESTART_FIRST_MS = 250;
const RESTART_MAX_MS = 30_000;
/** A postmaster that ran this long without dying resets the backoff. */
const RESTART_STABLE_MS = 60_000;

/**
 * Watches the postmaster: when it dies without being asked (kill -9, the OOM killer) it is started again on the
 * same port, so the pool's address stays right, with backoff between failed starts. Its orphaned backends must
 * exit first: PostgreSQL checks its stale postmaster.pid and shared memory itself, refuses while they live, and
 * the next try follows. Its crash recovery replays the WAL, so acknowledged writes survive.
 */
function supervise(
  first: ChildProcess,
  dir: string,
  port: number,
  url: (database: string) => string,
  launch: (port: number) => Promise<ChildProcess>,
  log: (message: string) => void,
  onExit?: (reason: string) => void,
  onRestart?: () => void,
): EmbeddedPostgres {
  let child = first;
  let startedAt = Date.now();
  let delay = RESTART_FIRST_MS;
  let stopping: Promise<void> | null = null;
  let restarting: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  // If the forum exits without stop() (an uncaught error, process.exit), the server still shuts down.
  const onProcessExit = () => child.kill('SIGINT');
  process.once('exit', onProcessExit);

  const watch = (c: ChildProcess) =>
    c.once('exit', (code, signal) => {
      if (stopping || c !== child) return;
      const reason = signal ? `killed by ${signal}` : `exited with code ${code}`;
      if (Date.now() - startedAt > RESTART_STABLE_MS) delay = RESTART_FIRST_MS;
      log(`the server (pid ${c.pid}) ${reason}; restarting it`);
      onExit?.(reason);
      restarting = restart();
    });

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      t.unref();
      wake = () => {
        clearTimeout(t);
        resolve();
      };
    });

  async function restart(): Promise<void> {
    for (let attempt = 1; !stopping; attempt++) {
      await sleep(delay);
      if (stopping) return;
      try {
        child = await launch(port);
        // Stopped meanwhile: stop() shuts this one down.
        if (stopping) return;
        startedAt = Date.now();
        watch(child);
        log(`restarted the server (pid ${child.pid}) after ${attempt} attempt(s)`);
        onRestart?.();
        return;
      } catch (err) {
        delay = Math.min(delay * 2, RESTART_MAX_MS);
        const why = (err as Error).message.split('\n').find((l) => /FATAL|could not|timed out/.test(l));
        log(
          `restart attempt ${attempt} failed (${why ?? (err as Error).message.slice(0, 200)}); next in ${delay} ms`,
        );
      }
    }
  }

  watch(child);
  return {
    url,
    get pid() {
      return child.pid!;
    },
    stop() {
      stopping ??= (async () => {
        process.off('exit', onProcessExit);
        wake?.();
        await restarting;
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

/**
 * A postmaster.pid whose pid now belongs to some other live process (reboot, new container, a reused pid after
 * kill -9) makes PostgreSQL refuse to start: it goes. One naming a dead process stays: PostgreSQL then checks
 * itself that no orphaned backend still holds the old shared memory, and refuses (we retry) while one does.
 */
function clearForeignPidFile(dir: string): void {
  const found = readPostmasterPid(dir);
  if (found && isAlive(found.pid) && !isPostmasterOf(found.pid, dir)) {
    fs.rmSync(path.join(dir, 'postmaster.pid'), { force: true });
  }
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
