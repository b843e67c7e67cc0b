import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { combineOp, crc32, crc32Combine } from './crc32.js';
import { closeGzip, GZIP_HEADER, type OpenGzip } from './stored-body.js';

const deflateRaw = promisify(zlib.deflateRaw);

/** Deflate looks back at most 32 KB. */
const WINDOW = 32 * 1024;

/**
 * A reply that one group shares except for short holes of fixed width (a member's marks in a list), kept as
 * gzip compressed once: each piece between holes is deflated in the context of everything before it, with
 * the holes standing in as NUL bytes. Text never contains NUL, so no back-reference ever points into a hole:
 * a reply writes each member's hole bytes as a deflate stored block where the hole is, and decodes to
 * exactly the member's text, at the cost of copying bytes and combining checksums (no compression per reply).
 */
export class GzipTemplate {
  private constructor(
    private readonly segments: Buffer[],
    private readonly pieceCrcs: number[],
    private readonly pieceOps: number[],
    private readonly pieceLengths: number[],
    private readonly widths: number[],
    private readonly widthOps: number[],
  ) {}

  /** Compiles pieces P0 H1 P1 … Hn Pn, where hole i is `widths[i - 1]` bytes wide. */
  static async compile(pieces: Buffer[], widths: number[]): Promise<GzipTemplate> {
    if (pieces.length !== widths.length + 1) throw new Error('pieces must surround the holes');
    // The text as the decoder will have seen it before each piece, with NUL bytes in the holes.
    const history: Buffer[] = [];
    const contexts: Buffer[] = [];
    for (let i = 0; i < pieces.length; i++) {
      contexts.push(lastBytes(history, WINDOW));
      history.push(pieces[i]!);
      if (i < widths.length) history.push(Buffer.alloc(widths[i]!));
    }
    // One piece at a time: each deflate holds its own window and dictionary (a few hundred KB of native
    // memory), and a page has a few dozen pieces.
    const segments: Buffer[] = [];
    for (let i = 0; i < pieces.length; i++) {
      segments.push(
        await deflateRaw(pieces[i]!, {
          level: 6,
          finishFlush: zlib.constants.Z_SYNC_FLUSH,
          ...(contexts[i]!.length ? { dictionary: contexts[i] } : {}),
        }),
      );
    }
    return new GzipTemplate(
      segments,
      pieces.map((p) => crc32(p)),
      pieces.map((p) => combineOp(p.length)),
      pieces.map((p) => p.length),
      widths,
      widths.map((w) => combineOp(w)),
    );
  }

  /** Bytes held. */
  get bytes(): number {
    return this.segments.reduce((n, s) => n + s.length, 0);
  }

  /** The gzip body with `holes` filled (each exactly its width) and `tail` after the last piece. */
  fill(holes: Buffer[], tail: Buffer): Buffer {
    return closeGzip(this.open(holes), tail);
  }

  /**
   * The gzip body with `holes` filled, left open (byte-aligned, no final block or checksum yet): a member's
   * reply kept this way takes a different tail each time (closeGzip).
   */
  open(holes: Buffer[]): OpenGzip {
    if (holes.length !== this.widths.length) throw new Error('one value per hole');
    let size = GZIP_HEADER.length;
    for (const s of this.segments) size += s.length;
    for (const w of this.widths) size += STORED_HEADER + w;
    const out = Buffer.allocUnsafe(size);
    let at = GZIP_HEADER.copy(out, 0);
    at += this.segments[0]!.copy(out, at);
    let crc = this.pieceCrcs[0]!;
    let length = this.pieceLengths[0]!;
    for (let i = 0; i < holes.length; i++) {
      const hole = holes[i]!;
      const w = this.widths[i]!;
      if (hole.length !== w) throw new Error(`hole ${i} must be ${w} bytes`);
      // A stored block (not final) holding the hole's bytes, byte-aligned after the piece's flush.
      out[at] = 0;
      out.writeUInt16LE(w, at + 1);
      out.writeUInt16LE(~w & 0xffff, at + 3);
      at += STORED_HEADER;
      at += hole.copy(out, at);
      at += this.segments[i + 1]!.copy(out, at);
      crc = crc32Combine(crc, crcOf(hole), this.widthOps[i]!);
      crc = crc32Combine(crc, this.pieceCrcs[i + 1]!, this.pieceOps[i + 1]!);
      length += w + this.pieceLengths[i + 1]!;
    }
    return { bytes: out, crc, length };
  }
}

/** A stored block's header: one byte of block type, then LEN and its complement. */
const STORED_HEADER = 5;

/** CRCs of hole values, which repeat (a list's marks take eight values): remembered, boundedly. */
const holeCrcs = new WeakMap<Buffer, number>();
function crcOf(hole: Buffer): number {
  let c = holeCrcs.get(hole);
  if (c === undefined) {
    c = crc32(hole);
    holeCrcs.set(hole, c);
  }
  return c;
}

/** The last `n` bytes of some buffers, as one buffer. */
function lastBytes(parts: Buffer[], n: number): Buffer {
  const out: Buffer[] = [];
  let have = 0;
  for (let i = parts.length - 1; i >= 0 && have < n; i--) {
    const p = parts[i]!;
    const take = Math.min(p.length, n - have);
    out.unshift(p.subarray(p.length - take));
    have += take;
  }
  return Buffer.concat(out);
}
