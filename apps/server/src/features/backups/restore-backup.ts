import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import type { WriteStream } from 'node:fs';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import type { Database } from '../../platform/db/db.js';
import { runMigrationsUpTo } from '../../platform/db/migrate.js';
import { inTransaction } from '../../platform/db/tx.js';
import { applyPluginMigration, pluginDirs, pluginMigrationSources } from '../plugins/index.js';
import { databaseHasRows, loadDatabase, resetSchema, type Progress } from './backup-database.js';
import { dataFiles, skippedEntry } from './data-files.js';
import {
  BackupRefused,
  FILES_PREFIX,
  MANIFEST_NAME,
  migrationsToApply,
  parseManifest,
  type BackupManifest,
} from './manifest.js';
import { readTar } from './tar.js';

/** What a restore needs. */
export interface RestoreOptions {
  database: Database;
  dataDir: string;
  file: string;
  /** Replace a database with rows and DATA_DIR's files instead of refusing. */
  force?: boolean;
  progress?: Progress;
}

/** The manifest's text is read into memory; anything larger is not ours. */
const MANIFEST_MAX = 64 * 1024 * 1024;

/** A part name that stays inside the work folder (no absolute paths, no `..`). */
function safePart(name: string): boolean {
  if (name === MANIFEST_NAME) return true;
  if (!name.startsWith('db/') && !name.startsWith(FILES_PREFIX)) return false;
  return !name.split('/').some((s) => s === '' || s === '.' || s === '..') && !name.includes('\\');
}

/** Unpacks the archive into `work`, checking every part against the manifest's size and SHA-256. */
async function unpack(file: string, work: string): Promise<BackupManifest> {
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestText: Buffer[] | null = null;
  let manifestBytes = 0;
  let out: WriteStream | null = null;
  const input = createReadStream(file).pipe(createGunzip());
  try {
    await readTar(
      input,
      async (e) => {
        if (!safePart(e.name)) throw new BackupRefused(`the archive holds an unexpected entry: ${e.name}`);
        if (seen.has(e.name)) throw new BackupRefused(`the archive holds ${e.name} twice`);
        if (e.name === MANIFEST_NAME) {
          manifestText = [];
          return (chunk) => {
            manifestBytes += chunk.length;
            if (manifestBytes > MANIFEST_MAX) throw new BackupRefused('the manifest is too large');
            manifestText!.push(chunk);
          };
        }
        const target = path.join(work, e.name);
        mkdirSync(path.dirname(target), { recursive: true });
        const w = createWriteStream(target);
        out = w;
        return (chunk) =>
          w.write(chunk) ? undefined : new Promise<void>((resolve) => w.once('drain', () => resolve()));
      },
      async (e, sha256) => {
        seen.set(e.name, { size: e.size, sha256 });
        const w = out as WriteStream | null;
        out = null;
        if (w)
          await new Promise<void>((resolve, reject) =>
            w.end((err?: Error | null) => (err ? reject(err) : resolve())),
          );
      },
    );
  } catch (err) {
    if (err instanceof BackupRefused) throw err;
    throw new BackupRefused(`the archive cannot be read: ${(err as Error).message}`);
  }
  if (!manifestText) throw new BackupRefused('not a forum backup (no manifest.json)');
  const manifest = parseManifest(Buffer.concat(manifestText).toString('utf8'));
  for (const [name, want] of Object.entries(manifest.parts)) {
    const got = seen.get(name);
    if (!got) throw new BackupRefused(`the archive is incomplete: ${name} is missing`);
    if (got.size !== want.size || got.sha256 !== want.sha256)
      throw new BackupRefused(`the archive is damaged or was changed: ${name} does not match its checksum`);
  }
  for (const name of seen.keys())
    if (name !== MANIFEST_NAME && !manifest.parts[name])
      throw new BackupRefused(`the archive holds ${name}, which its manifest does not list`);
  for (const t of manifest.database.tables)
    if (!manifest.parts[t.part]) throw new BackupRefused(`the archive has no rows for table ${t.name}`);
  return manifest;
}

/** The plugin migrations the archive applied, with their statements from the plugins found here. */
async function pluginMigrationsOf(
  manifest: BackupManifest,
  filesDir: string,
): Promise<{ plugin: string; id: string; sql: string }[]> {
  const wanted = manifest.database.pluginMigrations;
  if (!wanted.length) return [];
  // The first-party plugins and the archive's own uploaded ones (not yet moved into DATA_DIR).
  const sources = await pluginMigrationSources(pluginDirs(filesDir));
  return wanted.map((m) => {
    const found = sources.get(m.plugin)?.find((s) => s.id === m.id);
    if (!found)
      throw new BackupRefused(
        `plugin ${m.plugin}'s migration ${m.id} is unknown here: install that plugin's version, then restore`,
      );
    return { ...m, sql: found.sql };
  });
}

/**
 * Brings a backup back: checks the archive whole (checksums, schema version) before touching anything, then
 * schema migrations up to the archive's, its plugins' migrations, the rows, the sequences and the files. The
 * next start of the forum applies the migrations this code has beyond the archive's.
 */
export async function restoreBackup(o: RestoreOptions): Promise<BackupManifest> {
  const progress = o.progress ?? (() => {});
  if (!o.force && (await databaseHasRows(o.database)))
    throw new BackupRefused(
      'the database is not empty: restore into an empty database, or pass --force to replace everything in it',
    );
  if (!o.force && dataFiles(o.dataDir).length)
    throw new BackupRefused(
      `${o.dataDir} already holds files (uploads, plugins): restore into an empty DATA_DIR, or pass --force`,
    );
  mkdirSync(o.dataDir, { recursive: true });
  const work = mkdtempSync(path.join(o.dataDir, '.restore-'));
  try {
    const manifest = await unpack(o.file, work);
    const count = migrationsToApply(manifest);
    const filesDir = path.join(work, 'files');
    const plugins = await pluginMigrationsOf(manifest, filesDir);
    await resetSchema(o.database);
    await runMigrationsUpTo(o.database, count);
    await inTransaction(o.database.db, async (tx) => {
      for (const m of plugins) await applyPluginMigration(tx, m.plugin, m);
    });
    await loadDatabase(o.database, manifest.database, (part) => path.join(work, part), progress);
    placeFiles(filesDir, o.dataDir, progress);
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Moves the archive's files into DATA_DIR, replacing what a forced restore finds there. */
function placeFiles(from: string, dataDir: string, progress: Progress): void {
  for (const name of readdirSync(dataDir))
    if (!skippedEntry(name)) rmSync(path.join(dataDir, name), { recursive: true, force: true });
  if (!existsSync(from)) return;
  const top = readdirSync(from);
  top.forEach((name, i) => {
    progress('files', i, top.length);
    renameSync(path.join(from, name), path.join(dataDir, name));
  });
  progress('files', top.length, top.length);
}
