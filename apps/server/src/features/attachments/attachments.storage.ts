import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where upload bytes live: the local disk now, an object store later (same keys, same calls). */
export interface AttachmentStorage {
  /** Stores bytes under a server-made key such as `2026/05/01/<uuid>.png`. */
  put(key: string, data: Buffer): Promise<void>;
  /** A stream of the bytes, or null when the key is missing. */
  get(key: string): Promise<Readable | null>;
  /** Removes the key (missing keys are fine). */
  delete(key: string): Promise<void>;
  /** A direct URL when the store serves files itself (signed object-store URLs); null to serve through the API. */
  url(key: string): string | null;
}

/** Files under `DATA_DIR/uploads`; every key is checked to stay inside that folder. */
export class LocalStorage implements AttachmentStorage {
  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep))
      throw new Error(`storage key escapes the root: ${key}`);
    return full;
  }

  /** Writes atomically (temp file then rename) so a reader never sees half a file. */
  async put(key: string, data: Buffer): Promise<void> {
    const full = this.resolve(key);
    await fs.mkdir(path.dirname(full), { recursive: true });
    const tmp = `${full}.${process.pid}.tmp`;
    await fs.writeFile(tmp, data, { mode: 0o640 });
    await fs.rename(tmp, full);
  }

  /** Opens a read stream. */
  async get(key: string): Promise<Readable | null> {
    const full = this.resolve(key);
    try {
      await fs.access(full);
    } catch {
      return null;
    }
    return createReadStream(full);
  }

  /** Deletes a file. */
  async delete(key: string): Promise<void> {
    await fs.rm(this.resolve(key), { force: true });
  }

  /** Local files are always served through the API, which checks who may see them. */
  url(): string | null {
    return null;
  }
}
