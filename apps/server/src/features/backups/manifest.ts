import { knownMigrations } from '../../platform/db/migrate.js';

/** What a backup archive holds, written as its last entry (`manifest.json`). */
export interface BackupManifest {
  format: 'forum-backup';
  formatVersion: 1;
  appVersion: string;
  createdAt: string;
  database: {
    /** PostgreSQL's `server_version` where it was made. */
    serverVersion: string;
    /** Schema migrations applied, oldest first (drizzle journal tag and time). */
    migrations: { tag: string; when: number; hash: string }[];
    /** Plugin migrations applied, oldest first. */
    pluginMigrations: { plugin: string; id: string }[];
    tables: BackupTable[];
    sequences: { name: string; lastValue: string | null; isCalled: boolean }[];
  };
  files: { count: number; bytes: number };
  /** Every other entry of the archive, with its size and SHA-256. */
  parts: Record<string, { size: number; sha256: string }>;
}

/** One table's rows: COPY text format in `part`, loaded with the same column list. */
export interface BackupTable {
  name: string;
  columns: string[];
  rows: number;
  part: string;
}

export const MANIFEST_NAME = 'manifest.json';
/** Where DATA_DIR's files sit inside an archive. */
export const FILES_PREFIX = 'files/';

/** A backup that cannot be restored here, with the reason an operator reads. */
export class BackupRefused extends Error {}

/**
 * How many of this code's schema migrations the archive has applied. Refuses an archive that knows one this
 * code does not (made by a newer version) or whose list is not this code's list in order.
 */
export function migrationsToApply(manifest: BackupManifest): number {
  const known = knownMigrations();
  const archived = manifest.database.migrations;
  archived.forEach((m, i) => {
    const k = known[i];
    if (!k || k.when !== m.when || k.tag !== m.tag) {
      const ours = known.find((x) => x.when === m.when && x.tag === m.tag);
      throw new BackupRefused(
        ours
          ? `the backup's schema migrations are not in this forum's order (${m.tag}); it cannot be restored here`
          : `the backup was made by a newer forum (schema migration ${m.tag} is unknown here): ` +
              `upgrade the forum to version ${manifest.appVersion} or later, then restore`,
      );
    }
  });
  return archived.length;
}

/** Checks the manifest's shape before anything trusts it. */
export function parseManifest(text: string): BackupManifest {
  let m: BackupManifest;
  try {
    m = JSON.parse(text) as BackupManifest;
  } catch {
    throw new BackupRefused('the backup manifest is not valid JSON');
  }
  if (m?.format !== 'forum-backup' || typeof m.parts !== 'object' || !Array.isArray(m.database?.tables))
    throw new BackupRefused('not a forum backup (manifest.json is missing its fields)');
  if (m.formatVersion !== 1)
    throw new BackupRefused(`backup format ${String(m.formatVersion)} is unknown here: upgrade the forum`);
  return m;
}
