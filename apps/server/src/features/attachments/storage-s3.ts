import type { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type * as Presigner from '@aws-sdk/s3-request-presigner';
import type { ObjectStoreTarget } from '../../platform/storage-url.js';
import type { AttachmentStorage, SignedUrlOptions } from './attachments.storage.js';

/** True for the store's "no such key" answers (GetObject says NoSuchKey, HeadObject only 404). */
function missing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/**
 * The AWS SDK, loaded on first use: it costs about 8 MB of heap and 23 MB of resident memory, which a site
 * storing files on its own disk (the default) should not pay.
 */
let sdkLoaded: Promise<{
  s3: typeof S3;
  presign: typeof Presigner;
}> | null = null;
const loadSdk = () =>
  (sdkLoaded ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]).then(
    ([s3, presign]) => ({ s3, presign }),
  ));

/** A key's path segments URL-encoded one by one (the slashes stay). */
const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/**
 * Files in an S3-speaking object store (AWS S3, Tencent COS, MinIO...), under the target's key prefix. The
 * bucket stays private: attachments leave it only through short-lived signed URLs made after the API's check.
 */
export class S3Storage implements AttachmentStorage {
  private made: S3.S3Client | null = null;

  constructor(readonly target: ObjectStoreTarget) {}

  /** The SDK and this store's client, made on first use. */
  private async sdk() {
    const { s3, presign } = await loadSdk();
    const target = this.target;
    this.made ??= new s3.S3Client({
      region: target.region,
      endpoint: target.endpoint,
      forcePathStyle: target.forcePathStyle,
      credentials:
        target.accessKeyId && target.secretAccessKey
          ? { accessKeyId: target.accessKeyId, secretAccessKey: target.secretAccessKey }
          : undefined,
      // Newer SDKs add CRC checksums to every upload; S3-compatible stores (COS, older MinIO) may refuse them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    return { s3, presign, client: this.made };
  }

  /** The object key for a storage key; the same check as on disk: nothing climbs out of the prefix. */
  private objectKey(key: string): string {
    if (!key || key.startsWith('/') || key.split('/').some((p) => p === '..' || p === '.' || p === ''))
      throw new Error(`bad storage key: ${key}`);
    return `${this.target.prefix}${key}`;
  }

  /** Uploads in one request (every file here is at most a few tens of MB, read whole already). */
  async put(key: string, data: Buffer, contentType?: string): Promise<void> {
    const { s3, client } = await this.sdk();
    await client.send(
      new s3.PutObjectCommand({
        Bucket: this.target.bucket,
        Key: this.objectKey(key),
        Body: data,
        ContentLength: data.length,
        ContentType: contentType ?? 'application/octet-stream',
      }),
    );
  }

  /** The object's body as a Node stream. */
  async get(key: string): Promise<Readable | null> {
    const { s3, client } = await this.sdk();
    try {
      const r = await client.send(
        new s3.GetObjectCommand({ Bucket: this.target.bucket, Key: this.objectKey(key) }),
      );
      return (r.Body as Readable | undefined) ?? null;
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  /** HEAD: the stored size. */
  async size(key: string): Promise<number | null> {
    const { s3, client } = await this.sdk();
    try {
      const r = await client.send(
        new s3.HeadObjectCommand({ Bucket: this.target.bucket, Key: this.objectKey(key) }),
      );
      return r.ContentLength ?? 0;
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  /** Deletes the object (S3 answers success for a missing one too). */
  async delete(key: string): Promise<void> {
    const { s3, client } = await this.sdk();
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.target.bucket, Key: this.objectKey(key) }));
  }

  /** The CDN address when one is configured (its origin is the bucket's root). */
  url(key: string): string | null {
    return this.target.publicUrl ? `${this.target.publicUrl}/${encodeKey(this.objectKey(key))}` : null;
  }

  /** A presigned GET that answers with the given type and disposition; null with `proxy=1` (streamed instead). */
  async signedUrl(key: string, options: SignedUrlOptions): Promise<string | null> {
    if (this.target.proxy) return null;
    const { s3, presign, client } = await this.sdk();
    const command = new s3.GetObjectCommand({
      Bucket: this.target.bucket,
      Key: this.objectKey(key),
      ResponseContentType: options.contentType,
      ResponseContentDisposition: options.contentDisposition,
    });
    return presign.getSignedUrl(client, command, { expiresIn: options.expiresIn });
  }

  /** Closes the client's sockets. */
  close(): void {
    this.made?.destroy();
  }
}
