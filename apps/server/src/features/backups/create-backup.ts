import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { createWriteStream } from 'node:fs';
import type { Database } from '../../platform/db/db.js';
import { dumpDatabase, type Progress } from './backup-database.js';
import { dataFiles } from './data-files.js';
import { FILES_PREFIX, MANIFEST_NAME, type BackupManifest } from './manifest.js';
import { archiveEnd, entryHeader, entryPadding } from './tar.js';

/** What a backup run needs. */
export interface BackupOptions {
  database: Database;
  dataDir: string;
  /** The folder the archive is written to (made if missing). */
  toDir: string;
  appVersion: string;
  progress?: Progress;
}

/** A written archive. */
export interface BackupResult {
  file: string;
  size: number;
  manifest: BackupManifest;
}

/** Archive names sort by time: `forum-backup-YYYYMMDD-HHMMSS-mmm.tar.gz` (UTC). */
export const ARCHIVE_NAME = /^forum-backup-\d{8}-\d{6}-\d{3}\.tar\.gz$/;

/**
 * mkdir -p one level at a time: Node's recursive mkdir loops forever where the kernel answers ENOENT to a
 * folder whose parent exists (under /proc), and `backup_dir` is whatever an administrator typed.
 */
function makeDir(dir: string): void {
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) throw new Error(`${dir} is not a folder`);
    return;
  }
  const parent = path.dirname(dir);
  if (parent !== dir) makeDir(parent);
  mkdirSync(dir);
}

function archiveName(at: Date): string {
  const s = at.toISOString(); // 2026-11-26T20:30:00.123Z
  return `forum-backup-${s.slice(0, 10).replace(/-/g, '')}-${s.slice(11, 19).replace(/:/g, '')}-${s.slice(20, 23)}.tar.gz`;
}

/**
 * Writes one archive: the database (a consistent snapshot, table by table), DATA_DIR's files and, last, the
 * manifest with every part's size and SHA-256. It is written under a temporary name and renamed when complete,
 * so a folder of backups never holds a half-written one under a backup's name.
 */
export async function createBackup(o: BackupOptions): Promise<BackupResult> {
  const progress = o.progress ?? (() => {});
  makeDir(o.toDir);
  const createdAt = new Date();
  const work = mkdtempSync(path.join(o.toDir, '.forum-backup-'));
  const temp = path.join(work, 'archive.tar.gz');
  try {
    const db = await dumpDatabase(o.database, work, progress);
    const files = dataFiles(o.dataDir, [o.toDir]);
    const parts: BackupManifest['parts'] = {};
    let fileBytes = 0;
    async function* entry(name: string, file: string, size: number): AsyncGenerator<Buffer> {
      yield entryHeader(name, size);
      const hash = createHash('sha256');
      let written = 0;
      // The file may change while it is read (a site backed up while it runs): exactly `size` bytes go in.
      if (size > 0)
        for await (const chunk of createReadStream(file, { end: size - 1 }) as AsyncIterable<Buffer>) {
          hash.update(chunk);
          written += chunk.length;
          yield chunk;
        }
      if (written < size) {
        const fill = Buffer.alloc(size - written);
        hash.update(fill);
        yield fill;
      }
      yield entryPadding(size);
      parts[name] = { size, sha256: hash.digest('hex') };
    }
    async function* archive(): AsyncGenerator<Buffer> {
      for (const f of db.files) yield* entry(f.part, f.file, statSync(f.file).size);
      for (const [i, f] of files.entries()) {
        progress('files', i, files.length);
        let size: number;
        try {
          size = statSync(f.abs).size;
        } catch {
          continue; // removed since the folder was listed
        }
        fileBytes += size;
        yield* entry(`${FILES_PREFIX}${f.rel}`, f.abs, size);
      }
      progress('files', files.length, files.length);
      const manifest: BackupManifest = {
        format: 'forum-backup',
        formatVersion: 1,
        appVersion: o.appVersion,
        createdAt: createdAt.toISOString(),
        database: db.info,
        files: {
          count: Object.keys(parts).filter((p) => p.startsWith(FILES_PREFIX)).length,
          bytes: fileBytes,
        },
        parts,
      };
      result = manifest;
      const text = Buffer.from(JSON.stringify(manifest, null, 2));
      yield entryHeader(MANIFEST_NAME, text.length);
      yield text;
      yield entryPadding(text.length);
      yield archiveEnd();
    }
    let result: BackupManifest | null = null;
    await pipeline(Readable.from(archive()), createGzip(), createWriteStream(temp));
    const file = path.join(o.toDir, archiveName(createdAt));
    renameSync(temp, file);
    return { file, size: statSync(file).size, manifest: result! };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
