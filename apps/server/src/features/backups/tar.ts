import { createHash } from 'node:crypto';

/**
 * A minimal tar (POSIX ustar with pax records for long names and big sizes), enough to write our archives and
 * read them back: regular files only. Any `tar xzf` reads them too, which an operator may want by hand.
 */

const BLOCK = 512;
/** The largest size the 11 octal digits of a ustar header hold (8 GiB - 1); beyond it a pax `size` record. */
const USTAR_MAX_SIZE = 0o77777777777;

function field(buf: Buffer, offset: number, length: number, value: string): void {
  buf.write(value, offset, Math.min(length, Buffer.byteLength(value)), 'utf8');
}

function octal(value: number, digits: number): string {
  return value.toString(8).padStart(digits, '0');
}

function header(name: string, size: number, mtime: number, type: '0' | 'x'): Buffer {
  const h = Buffer.alloc(BLOCK);
  field(h, 0, 100, name);
  field(h, 100, 8, `${octal(0o644, 7)}\0`);
  field(h, 108, 8, `${octal(0, 7)}\0`);
  field(h, 116, 8, `${octal(0, 7)}\0`);
  field(h, 124, 12, `${octal(Math.min(size, USTAR_MAX_SIZE), 11)}\0`);
  field(h, 136, 12, `${octal(Math.floor(mtime / 1000), 11)}\0`);
  field(h, 148, 8, '        ');
  field(h, 156, 1, type);
  field(h, 257, 6, 'ustar\0');
  field(h, 263, 2, '00');
  let sum = 0;
  for (const b of h) sum += b;
  field(h, 148, 8, `${octal(sum, 6)}\0 `);
  return h;
}

/** One pax record: "<length> <key>=<value>\n", where length counts the whole record. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let len = Buffer.byteLength(body) + 1;
  while (String(len).length + Buffer.byteLength(body) !== len)
    len = String(len).length + Buffer.byteLength(body);
  return `${len}${body}`;
}

function padding(size: number): Buffer {
  const rest = size % BLOCK;
  return Buffer.alloc(rest ? BLOCK - rest : 0);
}

/** The blocks before an entry's bytes: a pax header when the name or size does not fit ustar, then ustar's. */
export function entryHeader(name: string, size: number, mtime = Date.now()): Buffer {
  const records: string[] = [];
  // ustar names are 100 bytes; non-ASCII names go in pax too (tar readers then take the UTF-8 path).
  if (Buffer.byteLength(name) > 100 || /[^\x20-\x7e]/.test(name)) records.push(paxRecord('path', name));
  if (size > USTAR_MAX_SIZE) records.push(paxRecord('size', String(size)));
  const ustar = header(
    records.length ? name.replace(/[^\x20-\x7e]/g, '_').slice(-100) : name,
    size,
    mtime,
    '0',
  );
  if (!records.length) return ustar;
  const pax = Buffer.from(records.join(''), 'utf8');
  return Buffer.concat([header('PaxHeader', pax.length, mtime, 'x'), pax, padding(pax.length), ustar]);
}

/** The zero bytes after an entry of `size` bytes, up to the next block. */
export const entryPadding = padding;

/** The end of an archive: two zero blocks. */
export const archiveEnd = (): Buffer => Buffer.alloc(BLOCK * 2);

/** Reads exact byte counts from a stream of chunks. */
class Reader {
  private buf: Buffer = Buffer.alloc(0);
  private done = false;
  constructor(private readonly it: AsyncIterator<Buffer>) {}

  private async fill(n: number): Promise<void> {
    while (this.buf.length < n && !this.done) {
      const r = await this.it.next();
      if (r.done) this.done = true;
      else this.buf = this.buf.length ? Buffer.concat([this.buf, r.value]) : r.value;
    }
  }

  /** Exactly n bytes, or an error at a premature end. */
  async read(n: number): Promise<Buffer> {
    await this.fill(n);
    if (this.buf.length < n) throw new Error('the archive ends early (truncated file?)');
    const out = this.buf.subarray(0, n);
    this.buf = this.buf.subarray(n);
    return out;
  }

  /** Hands n bytes to `sink` in chunks as they come (big entries never sit in memory). */
  async stream(n: number, sink: (chunk: Buffer) => Promise<void> | void): Promise<void> {
    let left = n;
    while (left > 0) {
      if (!this.buf.length) await this.fill(1);
      if (!this.buf.length) throw new Error('the archive ends early (truncated file?)');
      const chunk = this.buf.subarray(0, Math.min(left, this.buf.length));
      this.buf = this.buf.subarray(chunk.length);
      left -= chunk.length;
      await sink(chunk);
    }
  }
}

function text(h: Buffer, offset: number, length: number): string {
  const raw = h.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString('utf8');
}

function parsePax(data: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    if (space < 0) break;
    const len = Number(data.subarray(at, space).toString());
    if (!Number.isInteger(len) || len <= 0) break;
    const rec = data.subarray(space + 1, at + len - 1).toString('utf8');
    const eq = rec.indexOf('=');
    if (eq > 0) out[rec.slice(0, eq)] = rec.slice(eq + 1);
    at += len;
  }
  return out;
}

/** An entry being read: its name and size; `sha256` and the bytes come through the callback. */
export interface ReadEntry {
  name: string;
  size: number;
}

/**
 * Reads a tar stream (already inflated) entry by entry. `open(entry)` returns where the bytes go (or null to
 * skip them); the SHA-256 of each entry's bytes is handed back to `close`.
 */
export async function readTar(
  chunks: AsyncIterable<Buffer>,
  open: (entry: ReadEntry) => Promise<((chunk: Buffer) => Promise<void> | void) | null>,
  close: (entry: ReadEntry, sha256: string) => Promise<void> | void,
): Promise<void> {
  const r = new Reader(chunks[Symbol.asyncIterator]());
  let pax: Record<string, string> = {};
  for (;;) {
    const h = await r.read(BLOCK);
    if (h.every((b) => b === 0)) return;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : h[i]!;
    if (sum !== parseInt(text(h, 148, 8).trim() || '0', 8))
      throw new Error('not a forum backup (bad tar header)');
    const type = text(h, 156, 1) || '0';
    const size = Number(pax.size ?? parseInt(text(h, 124, 12).trim() || '0', 8));
    if (type === 'x') {
      pax = parsePax(await r.read(size));
      await r.read(padding(size).length);
      continue;
    }
    const prefix = text(h, 345, 155);
    const name = pax.path ?? (prefix ? `${prefix}/${text(h, 0, 100)}` : text(h, 0, 100));
    pax = {};
    const entry = { name, size };
    const sink = type === '0' ? await open(entry) : null;
    const hash = createHash('sha256');
    await r.stream(size, async (chunk) => {
      hash.update(chunk);
      if (sink) await sink(chunk);
    });
    await r.read(padding(size).length);
    if (type === '0') await close(entry, hash.digest('hex'));
  }
}
