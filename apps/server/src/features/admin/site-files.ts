import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { invalid, notFound } from '../../platform/http/errors.js';

/** Where site pictures live in the uploads storage, and the largest upload taken. */
const DIR = 'site';
export const SITE_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** The storage site pictures go to (the attachments' local or object storage). */
export interface SiteFileStorage {
  put(key: string, data: Buffer, contentType?: string): Promise<void>;
  get(key: string): Promise<Readable | null>;
  /** The direct public URL (a CDN before the object store), or null to serve through the API. */
  url(key: string): string | null;
}

/** Public address of a stored site picture. */
export const siteFileUrl = (file: string) => `/api/v3/site-files/${file}`;

/**
 * Re-encodes a site picture (nothing of the upload but its pixels is kept: no scripts in an SVG, no metadata)
 * and stores it under a new name: a favicon as a 64 px square PNG, the rest as PNG at most 1920 px wide.
 */
export async function storeSitePicture(
  storage: SiteFileStorage,
  type: string,
  data: Buffer,
): Promise<string> {
  let png: Buffer;
  // Loaded on first use, as for attachments (processImage): libvips is resident memory a quiet site never needs.
  const { default: sharp } = await import('sharp');
  try {
    const img = sharp(data, { limitInputPixels: 40_000_000 }).rotate();
    png = await (
      type === 'favicon'
        ? img.resize(64, 64, { fit: 'cover' })
        : img.resize({ width: 1920, withoutEnlargement: true })
    )
      .png()
      .toBuffer();
  } catch {
    throw invalid('logo: not an image');
  }
  const file = `${type}-${randomBytes(6).toString('hex')}.png`;
  await storage.put(`${DIR}/${file}`, png, 'image/png');
  return storage.url(`${DIR}/${file}`) ?? siteFileUrl(file);
}

const SITE_FILE = /^[a-z_]+-[0-9a-f]{12}\.png$/;

/** The direct URL of a site picture when the store has one (the API redirects there), else null. */
export function sitePictureUrl(storage: SiteFileStorage, file: string): string | null {
  if (!SITE_FILE.test(file)) throw notFound();
  return storage.url(`${DIR}/${file}`);
}

/** Opens a stored site picture by name. */
export async function openSitePicture(storage: SiteFileStorage, file: string): Promise<Readable> {
  if (!SITE_FILE.test(file)) throw notFound();
  const stream = await storage.get(`${DIR}/${file}`);
  if (!stream) throw notFound();
  return stream;
}
