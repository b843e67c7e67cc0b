import {
  closeBrotli,
  closeGzip,
  openBrotli,
  openGzipPlain,
  pickEncoding,
  type OpenGzip,
} from '../http/stored-body.js';

/** A member's kept reply: gzip left open, and brotli left open once they have read it often. */
export interface KeptReply {
  gzip: OpenGzip;
  /** Brotli (quality 5) of the same bytes, made after {@link BROTLI_AFTER} reads; null until then. */
  br: Buffer | null;
}

/** The coding a kept reply goes out in for this `Accept-Encoding` (only clients taking gzip get one kept). */
export function keptCoding(kept: KeptReply, header: string | undefined): 'br' | 'gzip' {
  return kept.br && pickEncoding(header) === 'br' ? 'br' : 'gzip';
}

/** A kept reply closed with this reply's tail (request id and time), in a coding from {@link keptCoding}. */
export function closeKept(kept: KeptReply, enc: 'br' | 'gzip', tail: Buffer): Buffer {
  return enc === 'br' ? closeBrotli(kept.br!, tail) : closeGzip(kept.gzip, tail);
}

/**
 * Reads of one kept reply after which it is also kept as brotli: a member who reads a list this often between
 * two writes (a client polling it, a busy reader) gets it a third smaller or so, for one compression of a
 * worker thread; a reply read once or twice never pays it.
 */
const BROTLI_AFTER = 3;

interface Entry extends KeptReply {
  at: number;
  gen: number;
  reads: number;
}

const sizeOf = (e: KeptReply) => e.gzip.bytes.length + (e.br?.length ?? 0);

/**
 * Members' own replies that are spliced from what their group shares plus their marks (a member's
 * `thread.list`: the group's page, their likes, favourites and pin), kept per member as gzip bytes left open
 * for each reply's request id and time, until the next write anywhere (the guest cache's generation: marks
 * change only by writes, and every write clears) or `ttlMs`, within a byte budget, oldest out first. A member
 * reading the list again then costs what a guest's cached read costs.
 */
export class MemberReplies {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    /** The guest cache's write generation. */
    private readonly generation: () => number,
    private readonly ttlMs = 10_000,
    private readonly maxBytes = 4 * 1024 * 1024,
  ) {}

  /** The key of a member's reply: theirs, then what their group's would be keyed by (group, language, address). */
  static key(userId: number, shared: string): string {
    return `${userId}:${shared}`;
  }

  /** A fresh reply kept for this key ({@link MemberReplies.key}), if any; counts the read. */
  get(key: string): KeptReply | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.gen !== this.generation() || Date.now() - e.at > this.ttlMs) {
      this.drop(key);
      return undefined;
    }
    if (++e.reads === BROTLI_AFTER) void this.addBrotli(key, e);
    return e;
  }

  /** Keeps a reply made during generation `gen` (not kept when a write came meanwhile). */
  set(key: string, value: OpenGzip, gen: number): void {
    if (gen !== this.generation() || value.bytes.length > this.maxBytes) return;
    this.drop(key);
    const e: Entry = { gzip: value, br: null, at: Date.now(), gen, reads: 0 };
    this.makeRoom(sizeOf(e));
    this.entries.set(key, e);
    this.bytes += sizeOf(e);
  }

  /**
   * Forgets one member's kept replies: after a write of theirs that keeps the shared caches (a new avatar, an
   * order), which may change what only they see.
   */
  dropUser(userId: number): void {
    const prefix = MemberReplies.key(userId, '');
    // Deleting while iterating a Map is safe; the budget keeps it to a few hundred keys.
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.drop(key);
  }

  /** Compresses a popular kept reply as brotli too, off the event loop; it lands only if still kept. */
  private async addBrotli(key: string, e: Entry): Promise<void> {
    try {
      const br = await openBrotli(await openGzipPlain(e.gzip));
      if (this.entries.get(key) !== e) return;
      this.makeRoom(br.length, key);
      if (this.entries.get(key) !== e) return;
      e.br = br;
      this.bytes += br.length;
    } catch {
      // gzip alone, as before.
    }
  }

  /** Drops the oldest entries (never `keep`) until `size` more bytes fit the budget. */
  private makeRoom(size: number, keep?: string): void {
    for (const key of this.entries.keys()) {
      if (this.bytes + size <= this.maxBytes) return;
      if (key !== keep) this.drop(key);
    }
  }

  private drop(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.bytes -= sizeOf(e);
    this.entries.delete(key);
  }
}
