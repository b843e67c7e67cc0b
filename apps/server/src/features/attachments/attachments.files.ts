import { invalid } from '../../platform/http/errors.js';

/** Attachment types (reference §1.16). */
export const AttachmentType = { FILE: 0, IMAGE: 1, AUDIO: 2, VIDEO: 3, MESSAGE_IMAGE: 4 } as const;
/** Width of the thumbnail made for every image (the original's FIX_WIDTH). */
export const THUMB_WIDTH = 500;
/** Largest image we decode: a small file can expand into gigabytes of pixels (decompression bombs). */
const MAX_PIXELS = 50_000_000;

/** Audio and video have no settings key yet; these are the formats browsers play. */
export const AUDIO_EXT = ['mp3', 'm4a', 'aac', 'wav', 'ogg'];
/** Video formats browsers play. */
export const VIDEO_EXT = ['mp4', 'mov', 'webm'];

// What file-type may report for a declared extension (Office files are zip or CFB containers).
const SNIFFED: Record<string, string[]> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
  gif: ['gif'],
  webp: ['webp'],
  heic: ['heic', 'heif'],
  heif: ['heic', 'heif'],
  bmp: ['bmp'],
  pdf: ['pdf'],
  zip: ['zip'],
  rar: ['rar'],
  '7z': ['7z'],
  docx: ['docx', 'zip'],
  xlsx: ['xlsx', 'zip'],
  pptx: ['pptx', 'zip'],
  doc: ['cfb', 'doc'],
  xls: ['cfb', 'xls'],
  ppt: ['cfb', 'ppt'],
  mp3: ['mp3'],
  m4a: ['m4a', 'mp4'],
  aac: ['aac'],
  wav: ['wav'],
  ogg: ['ogg', 'oga', 'opus'],
  mp4: ['mp4', 'm4v'],
  mov: ['mov', 'qt', 'mp4'],
  webm: ['webm'],
};
/** Plain-text formats have no magic bytes: accepted only as valid UTF-8 without NUL bytes. */
const TEXT_EXT = new Set(['txt', 'md', 'csv', 'log']);
const MIME_OF_TEXT: Record<string, string> = {
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  log: 'text/plain',
};

/** A file name safe to store and show: no folders, no control or reserved characters, at most 100 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = [...base.normalize('NFC')]
    .filter((ch) => {
      const c = ch.codePointAt(0) ?? 0;
      return c >= 0x20 && c !== 0x7f && !(c >= 0x80 && c < 0xa0) && !'<>:"|?*'.includes(ch);
    })
    .join('')
    .replace(/^[.\s]+/, '')
    .trim();
  const chars = [...cleaned];
  if (chars.length <= 100) return cleaned || 'file';
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return chars.slice(0, 100 - [...ext].length).join('') + ext;
}

/** The lowercased extension of a name ('' when none). */
export function extensionOf(name: string): string {
  const m = /\.([a-z0-9]{1,10})$/i.exec(name);
  return m ? m[1]!.toLowerCase() : '';
}

/** Checks the bytes really are what the extension says; returns the MIME type to store and serve. */
export async function sniff(data: Buffer, ext: string): Promise<string> {
  // Loaded at the first upload: its 2 MB of heap would otherwise be marked at every full collection.
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(data);
  if (TEXT_EXT.has(ext)) {
    if (found || data.includes(0)) throw invalid('file content does not match its extension');
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(data);
    } catch {
      throw invalid('file content does not match its extension');
    }
    return MIME_OF_TEXT[ext] ?? 'text/plain';
  }
  const allowed = SNIFFED[ext] ?? [ext];
  if (!found || !allowed.includes(found.ext)) throw invalid('file content does not match its extension');
  return found.mime;
}

/** A re-encoded image: EXIF and other metadata dropped, orientation applied, plus a 500-px-wide thumbnail. */
export interface ProcessedImage {
  data: Buffer;
  thumb: Buffer;
  ext: string;
  mime: string;
  width: number;
  height: number;
}

/**
 * Re-encodes an image with sharp. Re-encoding (rather than copying) strips metadata such as GPS and
 * breaks polyglot files; HEIC and BMP are converted to JPEG so every browser can show them.
 */
export async function processImage(data: Buffer, ext: string): Promise<ProcessedImage> {
  // Loaded on the first upload: libvips costs about 30 MB of RSS that a server nobody uploads to never needs.
  const { default: sharp } = await import('sharp');
  const animated = ext === 'gif' || ext === 'webp';
  const input = () => sharp(data, { animated, limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
  const format: 'png' | 'gif' | 'webp' | 'jpeg' =
    ext === 'png' || ext === 'gif' || ext === 'webp' ? ext : 'jpeg';
  try {
    const out = await input().toFormat(format).toBuffer({ resolveWithObject: true });
    const thumb = await input()
      .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
      .toFormat(format)
      .toBuffer();
    const height = out.info.pageHeight ?? out.info.height;
    return {
      data: out.data,
      thumb,
      ext: format === 'jpeg' ? 'jpg' : format,
      mime: `image/${format}`,
      width: out.info.width,
      height,
    };
  } catch {
    throw invalid('the image cannot be read');
  }
}
