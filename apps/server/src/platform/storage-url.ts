/** Where an S3-speaking object store is and how to reach it (STORAGE_URL, or the admin's COS settings). */
export interface ObjectStoreTarget {
  bucket: string;
  /** Key prefix inside the bucket ('' or ending in '/'). */
  prefix: string;
  /** Endpoint origin for stores other than AWS (MinIO, COS, s3rver); undefined: AWS by region. */
  endpoint: string | undefined;
  region: string;
  /** Bucket in the path (`host/bucket/key`) rather than the host name: MinIO and most local servers need it. */
  forcePathStyle: boolean;
  /** Explicit keys; undefined leaves the AWS SDK's own chain (AWS_ACCESS_KEY_ID, profiles...) to find them. */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Base of direct public URLs (a CDN in front of the bucket); undefined: public files go through the server. */
  publicUrl: string | undefined;
  /**
   * Stream every file through the server instead of redirecting to signed URLs (`proxy=1`): for a store that
   * browsers cannot reach (a private network) or that pages may not load from (plain http).
   */
  proxy: boolean;
}

/** A STORAGE_URL that cannot be used: the message says what is wrong and what a good one looks like. */
export class StorageConfigError extends Error {
  constructor(problem: string) {
    super(
      `STORAGE_URL: ${problem} (expected s3://bucket/optional/prefix?region=us-east-1&endpoint=https://host&forcePathStyle=1&proxy=0)`,
    );
    this.name = 'StorageConfigError';
  }
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const QUERY_KEYS = new Set(['endpoint', 'region', 'forcePathStyle', 'publicUrl', 'proxy']);

/** An http(s) origin or URL without a trailing slash; throws with `what` named when it is not one. */
function httpUrl(value: string, what: string): string {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw new StorageConfigError(`${what} is not a URL: ${value}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new StorageConfigError(`${what} must be http(s): ${value}`);
  return value.replace(/\/+$/, '');
}

/**
 * Reads STORAGE_URL (with STORAGE_ACCESS_KEY_ID / STORAGE_SECRET_ACCESS_KEY and STORAGE_PUBLIC_URL) into a
 * target; undefined when STORAGE_URL is unset (local disk, or COS from the admin's settings). Throws
 * StorageConfigError on anything it cannot use, so a bad value stops the server at start, not at the first upload.
 */
export function parseStorageUrl(env: NodeJS.ProcessEnv): ObjectStoreTarget | undefined {
  const raw = env.STORAGE_URL?.trim();
  if (!raw) return undefined;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new StorageConfigError(`not a URL: ${raw}`);
  }
  if (u.protocol !== 's3:') throw new StorageConfigError(`unsupported scheme ${u.protocol} (only s3:)`);
  if (u.username || u.password)
    throw new StorageConfigError('keys go in STORAGE_ACCESS_KEY_ID / STORAGE_SECRET_ACCESS_KEY, not the URL');
  const bucket = u.hostname;
  if (!BUCKET.test(bucket)) throw new StorageConfigError(`bad bucket name "${bucket}"`);
  for (const k of u.searchParams.keys())
    if (!QUERY_KEYS.has(k)) throw new StorageConfigError(`unknown option ${k}`);
  const path = decodeURIComponent(u.pathname).replace(/^\/+|\/+$/g, '');
  if (path.split('/').some((p) => p === '..' || p === '.'))
    throw new StorageConfigError('the prefix may not hold . or ..');
  const endpoint = u.searchParams.get('endpoint');
  const flag = (name: string) => {
    const v = u.searchParams.get(name) ?? '';
    if (!['', '0', '1', 'true', 'false'].includes(v)) throw new StorageConfigError(`${name} must be 1 or 0`);
    return v === '1' || v === 'true';
  };
  const accessKeyId = env.STORAGE_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.STORAGE_SECRET_ACCESS_KEY || undefined;
  if (!accessKeyId !== !secretAccessKey)
    throw new StorageConfigError('set both STORAGE_ACCESS_KEY_ID and STORAGE_SECRET_ACCESS_KEY, or neither');
  const publicUrl = env.STORAGE_PUBLIC_URL || u.searchParams.get('publicUrl');
  return {
    bucket,
    prefix: path ? `${path}/` : '',
    endpoint: endpoint ? httpUrl(endpoint, 'endpoint') : undefined,
    region: u.searchParams.get('region') || env.AWS_REGION || 'us-east-1',
    forcePathStyle: flag('forcePathStyle'),
    accessKeyId,
    secretAccessKey,
    publicUrl: publicUrl ? httpUrl(publicUrl, 'STORAGE_PUBLIC_URL') : undefined,
    proxy: flag('proxy'),
  };
}
