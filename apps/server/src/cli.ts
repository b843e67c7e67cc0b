import path from 'node:path';
import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { commandHelp, HELP, helpFor, usage } from './cli-help.js';
import { VERSION } from './version.js';
import { loadConfig } from './platform/config.js';
import { StorageConfigError } from './platform/storage-url.js';

// `npm run forum -- <command>`: the commands are HELP's keys; `--help` (or `-h`) after one prints its usage.
const [command, ...args] = process.argv.slice(2);

/** The app as a command needs it: no pages, quiet logs, and no job workers (jobs are the server's to run). */
const CLI_CONFIG = { web: 'off', logLevel: 'warn', jobs: { work: false, pollSeconds: 2 } } as const;

function flag(name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

function num(name: string, fallback: number): number {
  const v = flag(name);
  const n = v === undefined ? fallback : Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
  return n;
}

async function runSeed(app: FastifyInstance): Promise<void> {
  const { seed, SEED_PASSWORD } = await import('./features/seed/index.js');
  const opts = {
    users: num('users', 100),
    threads: num('threads', 1000),
    replies: num('replies', 10000),
    bigThreadReplies: num('big-thread', 0),
  };
  const bar = await progressBar();
  const t0 = Date.now();
  const result = await seed(app.forum.database, opts, bar.update);
  bar.stop();
  console.log(
    `seeded ${opts.users} users, ${opts.threads} threads, ${opts.replies} replies in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  if (result.bigThreadId)
    console.log(`big thread ${result.bigThreadId} has ${opts.bigThreadReplies} replies`);
  console.log(`seeded users sign in with the password "${SEED_PASSWORD}"`);
}

async function runImport(app: FastifyInstance): Promise<number> {
  const from = flag('from');
  if (!from) {
    console.error(commandHelp(command!));
    return 2;
  }
  const { importDiscuzq, formatReport } = await import('./features/import-discuzq/index.js');
  const dryRun = args.includes('--dry-run');
  const dir = flag('files');
  // Table names are longer than the seed's stages.
  const bar = await progressBar(20);
  const t0 = Date.now();
  const reports = await importDiscuzq(app.forum.database.db, {
    from,
    dryRun,
    batch: num('batch', 1000),
    files: dir ? { dir, storage: app.forum.storage } : undefined,
    progress: bar.update,
  });
  bar.stop();
  console.log(formatReport(reports, dryRun));
  const rows = reports.reduce((a, r) => a + r.imported, 0);
  const s = (Date.now() - t0) / 1000;
  if (!dryRun)
    console.log(
      `\n${rows} rows imported in ${s.toFixed(1)} s (${Math.round(rows / Math.max(s, 0.001))} rows/s)`,
    );
  return 0;
}

/** `storage:migrate`: copies the local uploads into the configured object store, with a progress bar. */
async function runStorageMigrate(app: FastifyInstance): Promise<number> {
  const { ConfiguredStorage, LocalStorage, migrateUploads } = await import('./features/attachments/index.js');
  const { default: cliProgress } = await import('cli-progress');
  const store = app.forum.storage;
  const target = store instanceof ConfiguredStorage ? store.current() : store;
  if (target instanceof LocalStorage) {
    console.error(
      'storage:migrate: no object store is configured: set STORAGE_URL, or turn on COS in the admin first',
    );
    return 2;
  }
  const from = path.resolve(flag('from') ?? path.join(app.forum.config.dataDir, 'uploads'));
  const where = store instanceof ConfiguredStorage ? store.describe() : 'the object store';
  console.log(`copying ${from} into ${where}`);
  const bar = new cliProgress.SingleBar(
    {
      format: 'files |{bar}| {percentage}% {value}/{total} copied {copied} skipped {skipped}',
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  const r = await migrateUploads(from, target, (p) => {
    if (!started) bar.start(p.total, 0, { copied: 0, skipped: 0 });
    started = true;
    bar.update(p.done, { copied: p.copied, skipped: p.skipped });
  });
  bar.stop();
  console.log(
    `${r.total} files: ${r.copied} copied (${(r.bytes / 1048576).toFixed(1)} MB), ${r.skipped} already there`,
  );
  return 0;
}

/** The one progress bar of the commands: a bar per stage (seed's kinds, import's tables, backup's parts). */
async function progressBar(pad = 8): Promise<{
  update: (stage: string, done: number, total: number) => void;
  stop: () => void;
}> {
  const { default: cliProgress } = await import('cli-progress');
  const bar = new cliProgress.SingleBar(
    { format: '{stage} |{bar}| {percentage}% {value}/{total} {duration_formatted}', hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  let stage = '';
  return {
    update(s, done, total) {
      if (s !== stage) {
        if (stage) bar.stop();
        stage = s;
        bar.start(total, 0, { stage: s.padEnd(pad) });
      }
      bar.update(done, { stage: s.padEnd(pad) });
    },
    stop: () => stage && bar.stop(),
  };
}

/**
 * `backup` and `restore` open the database without the app: a restore must find it as it is (no migrations,
 * no bootstrap rows), and a backup needs nothing else.
 */
async function runBackupCommand(): Promise<number> {
  const { openDatabase } = await import('./platform/db/db.js');
  const { createBackup, restoreBackup, BackupRefused, defaultBackupDir } =
    await import('./features/backups/index.js');
  const config = loadConfig(process.env, CLI_CONFIG);
  // A backup of a DATA_DIR without a database would start a new, empty one only to archive nothing.
  if (command === 'backup' && !config.databaseUrl && !existsSync(path.join(config.dataDir, 'pg'))) {
    console.error(
      `refused: ${config.dataDir} holds no forum database: set DATA_DIR (or DATABASE_URL) as the server has it`,
    );
    return 1;
  }
  const database = await openDatabase(config, (m) => console.warn(`embedded PostgreSQL: ${m}`));
  const bar = await progressBar();
  const t0 = Date.now();
  try {
    if (command === 'backup') {
      const toDir = path.resolve(flag('to') ?? (await defaultBackupDir(database, config.dataDir)));
      const r = await createBackup({
        database,
        dataDir: config.dataDir,
        toDir,
        appVersion: VERSION,
        progress: bar.update,
      });
      bar.stop();
      const rows = r.manifest.database.tables.reduce((a, t) => a + t.rows, 0);
      console.log(
        `backup written: ${r.file} (${(r.size / 1048576).toFixed(1)} MB; ${r.manifest.database.tables.length} tables, ` +
          `${rows} rows, ${r.manifest.files.count} files) in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
      );
      return 0;
    }
    const file = args.find((a) => !a.startsWith('--'));
    if (!file) {
      console.error(commandHelp(command!));
      return 2;
    }
    const m = await restoreBackup({
      database,
      dataDir: config.dataDir,
      file: path.resolve(file),
      force: args.includes('--force'),
      progress: bar.update,
    });
    bar.stop();
    console.log(
      `restored the backup of ${m.createdAt} (forum ${m.appVersion}) in ${((Date.now() - t0) / 1000).toFixed(1)} s;` +
        ' the next start applies any newer migrations',
    );
    return 0;
  } catch (err) {
    bar.stop();
    if (err instanceof BackupRefused) console.error(`refused: ${err.message}`);
    else console.error(`error: ${(err as Error).message || (err as { code?: number }).code}`);
    return 1;
  } finally {
    await database.close();
  }
}

/** The app (loaded on demand, so `--help` starts at once). */
async function buildApp(config: ReturnType<typeof loadConfig>): Promise<FastifyInstance> {
  return (await import('./app.js')).buildApp(config);
}

async function main(): Promise<number> {
  // Before anything is loaded or opened: help touches no database.
  const help = helpFor(command, args);
  if (help) {
    console.log(help);
    return 0;
  }
  if (command === 'fake:oauth') {
    const { startFakes } = await import('./features/oauth/fake-cli.js');
    const settings = await startFakes(num('wechat-port', 7801), num('oidc-port', 7802));
    if (args.includes('--apply')) {
      const app = await buildApp(loadConfig(process.env, CLI_CONFIG));
      await app.forum.settings.set(settings);
      await app.close();
      console.log('site settings now point at the fakes');
    }
    console.log('fakes running; Ctrl-C stops them');
    return new Promise(() => {});
  }
  if (command === 'backup' || command === 'restore') return runBackupCommand();
  if (!command || !HELP[command]) {
    if (command) console.error(`unknown command: ${command}`);
    console.log(usage);
    return command ? 2 : 0;
  }
  const app = await buildApp(loadConfig(process.env, CLI_CONFIG));
  try {
    if (command === 'admin:create') {
      const username = flag('username') ?? args[0];
      const password = flag('password') ?? args[1];
      if (!username || !password) {
        console.error(commandHelp(command!));
        return 2;
      }
      const id = await app.forum.install.createAdmin(username, password);
      console.log(`administrator ${username} created (user id ${id})`);
    } else if (command === 'seed') {
      await runSeed(app);
    } else if (command === 'import:discuzq') {
      return await runImport(app);
    } else if (command === 'storage:migrate') {
      return await runStorageMigrate(app);
    } else if (command === 'search:reindex') {
      const { reindexThreads } = await import('./features/threads/index.js');
      const n = await reindexThreads(app.forum.database.db, args.includes('--priced'));
      console.log(`${n} threads re-indexed`);
    } else if (command === 'topics:extract') {
      const { extractTopics } = await import('./features/threads/index.js');
      const r = await extractTopics(app.forum.database.db);
      console.log(`${r.threads} threads carry topics; ${r.links} new thread-topic links`);
    } else {
      console.log('migrations applied');
    }
    return 0;
  } catch (err) {
    console.error(`error: ${(err as Error).message || (err as { code?: number }).code}`);
    return 1;
  } finally {
    await app.close();
  }
}

try {
  process.exitCode = await main();
} catch (err) {
  // A wrong STORAGE_URL is the operator's to fix: the message says what is wrong, a stack trace would not.
  if (!(err instanceof StorageConfigError)) throw err;
  console.error(`error: ${err.message}`);
  process.exitCode = 1;
}
