import type { Readable } from 'node:stream';
import type { ObjectStoreTarget } from '../../platform/storage-url.js';
import type { AttachmentStorage, LocalStorage, SignedUrlOptions } from './attachments.storage.js';
import { S3Storage } from './storage-s3.js';

/** How long a signed URL for a paid or private file works. */
export const SIGNED_URL_SECONDS = 300;

/** The settings the admin's storage page writes (the original's names, tag `qcloud`). */
interface CosSettings {
  get(key: string): string;
}

/**
 * Tencent COS from the admin's settings (`qcloud_cos` on, bucket incl. appid, region, the qcloud keys); null
 * while it is off or incomplete. COS speaks S3 at `https://cos.<region>.myqcloud.com`, bucket in the host name.
 */
export function cosTarget(settings: CosSettings): ObjectStoreTarget | null {
  if (settings.get('qcloud_cos') !== '1') return null;
  const bucket = settings.get('qcloud_cos_bucket_name').trim();
  const region = settings.get('qcloud_cos_bucket_area').trim();
  const accessKeyId = settings.get('qcloud_secret_id').trim();
  const secretAccessKey = settings.get('qcloud_secret_key').trim();
  if (!bucket || !region || !accessKeyId || !secretAccessKey) return null;
  const cdn = settings.get('qcloud_cos_cdn_url').trim().replace(/\/+$/, '');
  return {
    bucket,
    prefix: '',
    endpoint: `https://cos.${region}.myqcloud.com`,
    region,
    forcePathStyle: false,
    accessKeyId,
    secretAccessKey,
    publicUrl: cdn || undefined,
    proxy: false,
  };
}

/**
 * The storage in force, chosen per call: STORAGE_URL when set (fixed for the process), else COS while the
 * admin's settings turn it on (an instance follows a settings change without a restart), else `DATA_DIR/uploads`.
 */
export class ConfiguredStorage implements AttachmentStorage {
  private cos: { signature: string; store: S3Storage } | null = null;
  private readonly fixed: S3Storage | null;

  constructor(
    private readonly local: LocalStorage,
    target: ObjectStoreTarget | undefined,
    private readonly settings: CosSettings,
  ) {
    this.fixed = target ? new S3Storage(target) : null;
  }

  /** The backend for this call. */
  current(): AttachmentStorage {
    if (this.fixed) return this.fixed;
    const target = cosTarget(this.settings);
    if (!target) return this.local;
    const signature = JSON.stringify(target);
    if (this.cos?.signature !== signature) {
      this.cos?.store.close();
      this.cos = { signature, store: new S3Storage(target) };
    }
    return this.cos.store;
  }

  /** Where files go, for logs and the CLI: `local`, or `s3://bucket/prefix`. */
  describe(): string {
    const s = this.current();
    return s instanceof S3Storage ? `s3://${s.target.bucket}/${s.target.prefix}` : 'local';
  }

  put(key: string, data: Buffer, contentType?: string): Promise<void> {
    return this.current().put(key, data, contentType);
  }
  get(key: string): Promise<Readable | null> {
    return this.current().get(key);
  }
  size(key: string): Promise<number | null> {
    return this.current().size(key);
  }
  delete(key: string): Promise<void> {
    return this.current().delete(key);
  }
  url(key: string): string | null {
    return this.current().url(key);
  }
  signedUrl(key: string, options: SignedUrlOptions): Promise<string | null> {
    return this.current().signedUrl(key, options);
  }

  /** Closes object-store clients. */
  close(): void {
    this.fixed?.close();
    this.cos?.store.close();
  }
}
