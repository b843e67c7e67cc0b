import fs from 'node:fs/promises';
import path from 'node:path';
import type { AttachmentStorage } from './attachments.storage.js';

/** Progress of a copy: files looked at of all, and how many were copied or already there. */
export type MigrateProgress = (p: { done: number; total: number; copied: number; skipped: number }) => void;

/** Types the object store should answer with (a direct or signed URL sends the stored type). */
const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  zip: 'application/zip',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  txt: 'text/plain',
};

/** Every file under `root` as a storage key (`/`-separated), skipping half-written temporary files. */
async function keysUnder(root: string): Promise<string[]> {
  const out: string[] = [];
  let entries;
  try {
    entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return out;
    throw err;
  }
  for (const e of entries) {
    if (!e.isFile() || e.name.endsWith('.tmp')) continue;
    out.push(path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
  }
  return out.sort();
}

/**
 * Copies `DATA_DIR/uploads` (attachments, avatars, site pictures, plugin packages: every key as it is) into
 * the configured store. Resumable: a key already there with the same size is skipped, so a run stopped
 * half-way just runs again. Four copies at a time.
 */
export async function migrateUploads(
  root: string,
  store: AttachmentStorage,
  progress: MigrateProgress = () => {},
): Promise<{ total: number; copied: number; skipped: number; bytes: number }> {
  const keys = await keysUnder(root);
  const state = { done: 0, total: keys.length, copied: 0, skipped: 0 };
  let bytes = 0;
  let next = 0;
  progress({ ...state });
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      const full = path.join(root, ...key.split('/'));
      const { size } = await fs.stat(full);
      if ((await store.size(key)) === size) {
        state.skipped += 1;
      } else {
        const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
        await store.put(key, await fs.readFile(full), TYPES[ext] ?? 'application/octet-stream');
        state.copied += 1;
        bytes += size;
      }
      state.done += 1;
      progress({ ...state });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return { total: state.total, copied: state.copied, skipped: state.skipped, bytes };
}
