import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** How a signed URL's reply presents the file (the store sends these headers instead of the server). */
export interface SignedUrlOptions {
  /** Seconds the URL works. */
  expiresIn: number;
  contentType?: string;
  contentDisposition?: string;
}

/**
 * Where every uploaded file lives (attachments, message images, avatars, site pictures, plugin packages):
 * `DATA_DIR/uploads` on this machine, or an S3-speaking object store shared by every instance. Same keys either way.
 */
export interface AttachmentStorage {
  /** Stores bytes under a server-made key such as `2026/05/01/<uuid>.png`. */
  put(key: string, data: Buffer, contentType?: string): Promise<void>;
  /** A stream of the bytes, or null when the key is missing. */
  get(key: string): Promise<Readable | null>;
  /** The stored size in bytes, or null when the key is missing. */
  size(key: string): Promise<number | null>;
  /** Removes the key (missing keys are fine). */
  delete(key: string): Promise<void>;
  /**
   * A direct public URL (a CDN in front of the store) for files everyone may see: avatars and site pictures,
   * never attachments. Null serves them through the API.
   */
  url(key: string): string | null;
  /**
   * A short-lived signed URL for a file the server has just decided this viewer may see (paid and private
   * files); null when the store cannot sign (local disk): the API streams the file instead.
   */
  signedUrl(key: string, options: SignedUrlOptions): Promise<string | null>;
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

  /** The file's size. */
  async size(key: string): Promise<number | null> {
    try {
      return (await fs.stat(this.resolve(key))).size;
    } catch {
      return null;
    }
  }

  /** Deletes a file. */
  async delete(key: string): Promise<void> {
    await fs.rm(this.resolve(key), { force: true });
  }

  /** Local files are always served through the API, which checks who may see them. */
  url(): string | null {
    return null;
  }

  /** Local files have no signed URLs: the API streams them after its check. */
  signedUrl(): Promise<string | null> {
    return Promise.resolve(null);
  }
}
