import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { combineOp, crc32, crc32Combine } from './crc32.js';

const gzipAsync = promisify(zlib.gzip);
const gunzipAsync = promisify(zlib.gunzip);
const brotliAsync = promisify(zlib.brotliCompress);
const deflateRawAsync = promisify(zlib.deflateRaw);
const C = zlib.constants;

/** The content codings a stored body is kept in. */
export type Encoding = 'br' | 'gzip' | 'identity';

/** Replies sent from one stored body before it is compressed again at brotli's best quality. */
const POPULAR_AFTER = 100;

/** Bodies smaller than this are sent as they are: compressing them saves less than the headers cost. */
export const MIN_COMPRESSED_BYTES = 512;

/** What one `Accept-Encoding` header takes, parsed once per distinct header text (browsers send a handful). */
interface Accepted {
  best: Encoding;
  gzip: boolean;
}
const parsed = new Map<string, Accepted>();

function acceptedBy(header: string): Accepted {
  const known = parsed.get(header);
  if (known) return known;
  const names = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    // An explicit q=0 refuses a coding.
    if (params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) continue;
    names.add(name!.trim());
  }
  const gzip = names.has('gzip') || names.has('*');
  const a: Accepted = { best: names.has('br') ? 'br' : gzip ? 'gzip' : 'identity', gzip };
  if (parsed.size >= 200) parsed.clear();
  parsed.set(header, a);
  return a;
}

/** Which stored coding an `Accept-Encoding` header allows, best first. */
export function pickEncoding(header: string | undefined): Encoding {
  return header ? acceptedBy(header).best : 'identity';
}

/** Whether an `Accept-Encoding` header takes gzip (members' spliced replies go out in it). */
export function accepts(header: string | undefined, coding: 'gzip'): boolean {
  return header ? acceptedBy(header)[coding] : false;
}

/** gzip's trailer: the CRC-32 and the length (mod 2^32) of the plain bytes. */
function gzipTrailer(crc: number, length: number): Buffer {
  const b = Buffer.allocUnsafe(8);
  b.writeUInt32LE(crc >>> 0, 0);
  b.writeUInt32LE(length >>> 0, 4);
  return b;
}

/** gzip bytes left open after a byte-aligned flush, with the CRC and length of what they hold so far. */
export interface OpenGzip {
  bytes: Buffer;
  crc: number;
  length: number;
}

/** A gzip member's header: deflate, no name or time, from a Unix system. */
export const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0x03]);

/** `plain` gzipped and left open (sync flush, no final block): a tail is added per reply (closeGzip). */
export async function openGzip(plain: Buffer): Promise<OpenGzip> {
  const body = await deflateRawAsync(plain, { level: 6, finishFlush: C.Z_SYNC_FLUSH });
  return { bytes: Buffer.concat([GZIP_HEADER, body]), crc: crc32(plain), length: plain.length };
}

/** Closes open gzip bytes with `tail` as a final stored block, then the checksum of the whole. */
export function closeGzip(open: OpenGzip, tail: Buffer): Buffer {
  return Buffer.concat([
    open.bytes,
    deflateStored(tail, true),
    gzipTrailer(crc32Combine(open.crc, crc32(tail), combineOp(tail.length)), open.length + tail.length),
  ]);
}

/**
 * `plain` as brotli (quality 5) left open: flushed to a byte boundary with no last meta-block, so a tail goes
 * after it per reply ({@link closeBrotli}). Off the event loop.
 */
export async function openBrotli(plain: Buffer): Promise<Buffer> {
  return brotliAsync(plain, {
    finishFlush: C.BROTLI_OPERATION_FLUSH,
    params: { [C.BROTLI_PARAM_QUALITY]: 5, [C.BROTLI_PARAM_SIZE_HINT]: plain.length },
  });
}

/** Closes open brotli bytes with `tail` as an uncompressed meta-block, then the stream's end. */
export function closeBrotli(open: Buffer, tail: Buffer): Buffer {
  return Buffer.concat([open, brotliUncompressed(tail), BROTLI_END]);
}

/** The plain bytes gzip left open hold so far (closed with nothing, then inflated; off the event loop). */
export function openGzipPlain(open: OpenGzip): Promise<Buffer> {
  return gunzipAsync(closeGzip(open, Buffer.alloc(0)));
}

/** A final empty deflate block (fixed Huffman: BFINAL, BTYPE=01, end-of-block) after a byte-aligned flush. */
const DEFLATE_END = Buffer.from([0x03, 0x00]);
/** A last, empty brotli meta-block (ISLAST, ISLASTEMPTY) after a byte-aligned flush. */
const BROTLI_END = Buffer.from([0x03]);

/** Deflate stored blocks holding `data` (byte-aligned; the last one final when `final`). */
export function deflateStored(data: Buffer, final: boolean): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  do {
    const n = Math.min(0xffff, data.length - at);
    const last = final && at + n >= data.length;
    parts.push(Buffer.from([last ? 1 : 0, n & 0xff, n >> 8, ~n & 0xff, (~n >> 8) & 0xff]));
    parts.push(data.subarray(at, at + n));
    at += n;
  } while (at < data.length);
  return Buffer.concat(parts);
}

/** Brotli uncompressed meta-blocks holding `data` (byte-aligned, never last: the stream's end follows). */
function brotliUncompressed(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; at < data.length; at += 0x10000) {
    const n = Math.min(0x10000, data.length - at);
    // ISLAST=0, MNIBBLES=4 (code 0), MLEN-1 in 16 bits, ISUNCOMPRESSED=1, then zero bits to the byte's end.
    const v = ((n - 1) << 3) | (1 << 19);
    parts.push(Buffer.from([v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff]), data.subarray(at, at + n));
  }
  return Buffer.concat(parts);
}

/** A tail deflated once (a member's part of a shared page), ready to follow a stored body's gzip bytes. */
export interface DeflatedTail {
  /** Raw deflate, starting on a byte and ending with the final block. */
  deflated: Buffer;
  crc: number;
  length: number;
  /** {@link combineOp} of the length: the CRC of body‖tail costs one product per reply. */
  op: number;
}

/** Deflates a tail once so it can follow any stored body (raw deflate: no header, final block at its end). */
export async function deflateTail(tail: Buffer): Promise<DeflatedTail> {
  const deflated = await promisify(zlib.deflateRaw)(tail, { level: 6 });
  return { deflated, crc: crc32(tail), length: tail.length, op: combineOp(tail.length) };
}

/**
 * A reply body kept as it is sent: compressed once as gzip and brotli when stored, then sent as it is to every
 * reader, in the coding each takes. A per-reply tail (an API envelope's request id and time, a member's part of
 * a shared page) is appended without recompressing anything: both are flushed to a byte boundary before their
 * end, so the tail follows as a deflate stored block or a brotli uncompressed meta-block (or a deflated tail),
 * then the end marker (and gzip's checksum, combined from the stored one).
 */
export class StoredBody {
  private hits = 0;

  private constructor(
    /** The plain bytes: kept for API replies; a page makes them on the first identity request. */
    private plain: Buffer | null,
    /** A complete gzip member, or null for a small body sent plain. */
    readonly gzip: Buffer | null,
    /** A complete brotli stream, or null for a small body sent plain (made smaller once it is popular). */
    private brotli: Buffer | null,
    /** CRC-32 and length of the plain bytes. */
    readonly crc: number,
    readonly length: number,
  ) {}

  /** The brotli copy. */
  get br(): Buffer | null {
    return this.brotli;
  }

  /**
   * Counts a reply sent from this body. One read this often (a popular page between two writes) gets brotli's
   * best quality, once, off the event loop: a tenth or so smaller for every later reader, for tens of
   * milliseconds of a worker thread. Bodies that a write replaces sooner never pay it.
   */
  hit(): void {
    if (++this.hits === POPULAR_AFTER && this.brotli) void this.improve();
  }

  private async improve(): Promise<void> {
    try {
      const plain = this.plain ?? (await gunzipAsync(this.gzip!));
      const best = await brotliAsync(plain, {
        finishFlush: C.BROTLI_OPERATION_FLUSH,
        params: { [C.BROTLI_PARAM_QUALITY]: 11, [C.BROTLI_PARAM_SIZE_HINT]: plain.length },
      });
      if (best.length + 1 < this.brotli!.length) this.brotli = Buffer.concat([best, BROTLI_END]);
    } catch {
      // The quality-5 copy stays.
    }
  }

  /**
   * Compresses `plain` once, off the event loop (brotli quality 5 and gzip level 6 take a few milliseconds for
   * 100 KB: paid once per store). `keepPlain: false` keeps only the compressed copies (pages: about a quarter
   * of the memory; browsers all take one of them).
   */
  static async of(plain: Buffer, opts: { keepPlain: boolean } = { keepPlain: true }): Promise<StoredBody> {
    const crc = crc32(plain);
    if (plain.length < MIN_COMPRESSED_BYTES) return new StoredBody(plain, null, null, crc, plain.length);
    const [gz, br] = await Promise.all([
      gzipAsync(plain, { level: 6, finishFlush: C.Z_SYNC_FLUSH }),
      openBrotli(plain),
    ]);
    return new StoredBody(
      opts.keepPlain ? plain : null,
      Buffer.concat([gz, DEFLATE_END, gzipTrailer(crc, plain.length)]),
      Buffer.concat([br, BROTLI_END]),
      crc,
      plain.length,
    );
  }

  /** Bytes held in memory. */
  get bytes(): number {
    return (this.plain?.length ?? 0) + (this.gzip?.length ?? 0) + (this.brotli?.length ?? 0);
  }

  /** Whether the plain bytes are held (a page makes them on the first identity request). */
  get hasPlain(): boolean {
    return this.plain !== null;
  }

  /** The coding this body goes out in for a client that takes `accepted` (small bodies go plain). */
  encodingFor(accepted: Encoding): Encoding {
    return this.gzip === null ? 'identity' : accepted;
  }

  /** The plain bytes; made once from the gzip copy when they were not kept. */
  identity(): Buffer {
    this.plain ??= zlib.gunzipSync(this.gzip!);
    return this.plain;
  }

  /** The whole body in a coding from {@link encodingFor}. */
  body(enc: Encoding): Buffer {
    if (enc === 'br' && this.br) return this.br;
    if (enc === 'gzip' && this.gzip) return this.gzip;
    return this.identity();
  }

  /** The body followed by `tail` (short: request id and time), in a coding from {@link encodingFor}. */
  withTail(enc: Encoding, tail: Buffer): Buffer {
    if (enc === 'br' && this.br) return closeBrotli(this.br.subarray(0, -1), tail);
    if (enc === 'gzip' && this.gzip)
      return Buffer.concat([
        this.gzip.subarray(0, -10),
        deflateStored(tail, true),
        gzipTrailer(crc32(tail, this.crc), this.length + tail.length),
      ]);
    return Buffer.concat([this.identity(), tail]);
  }

  /** gzip bytes of the body followed by a tail deflated once ({@link deflateTail}); needs a compressed body. */
  withDeflatedTail(tail: DeflatedTail): Buffer {
    return Buffer.concat([
      this.gzip!.subarray(0, -10),
      tail.deflated,
      gzipTrailer(crc32Combine(this.crc, tail.crc, tail.op), this.length + tail.length),
    ]);
  }
}
