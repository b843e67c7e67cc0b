import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR's own entries a backup leaves out: the embedded server's cluster and its password, log and owner
 * files (the database goes in as rows), backups themselves, and our dot-named work folders.
 */
export function skippedEntry(name: string): boolean {
  return /^pg(\.|$)/.test(name) || name === 'backups' || name.startsWith('.');
}

/** A file to back up: its path inside DATA_DIR (with `/`) and on disk. */
export interface DataFile {
  rel: string;
  abs: string;
}

/** The files of DATA_DIR a backup holds (uploads, plugins, ...), minus `skip` (a backup folder inside it). */
export function dataFiles(dataDir: string, skip: string[] = []): DataFile[] {
  const out: DataFile[] = [];
  const skipped = new Set(skip.map((s) => path.resolve(s)));
  const walk = (dir: string, rel: string): void => {
    for (const d of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (!rel && skippedEntry(d.name)) continue;
      const abs = path.join(dir, d.name);
      if (skipped.has(abs)) continue;
      const r = rel ? `${rel}/${d.name}` : d.name;
      if (d.isDirectory()) walk(abs, r);
      else if (d.isFile()) out.push({ rel: r, abs });
    }
  };
  if (existsSync(dataDir)) walk(dataDir, '');
  return out;
}
