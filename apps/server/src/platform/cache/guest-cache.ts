import type { Bus } from './bus.js';
import { reloadOnBus, type BusReload } from './reload-on-bus.js';

const CHANNEL = 'guest-cache.clear';

/**
 * Replies to guests' reads, kept until the next write anywhere (or ttl): guests are most of the traffic
 * and all see the same thing, as in Discourse's anonymous cache. Any write on any instance clears it,
 * so a guest never sees a page older than the last change they could have caused to be visible.
 */
export class GuestCache {
  private entries = new Map<string, { at: number; data: unknown; bytes: number }>();
  private generation = 0;
  private bytes = 0;
  private readonly sync: BusReload;
  /** Lookups by kind since start (metrics read them): plain counts, so a lookup costs one increment. */
  readonly stats = { api: { hits: 0, misses: 0 }, page: { hits: 0, misses: 0 } };

  constructor(
    bus: Bus,
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 2000,
    /** Rendered pages are large: past this many bytes the oldest entries go first (memory budget). */
    private readonly maxBytes = 24 * 1024 * 1024,
  ) {
    this.sync = reloadOnBus(bus, CHANNEL, () => this.clearLocal());
  }

  /** A fresh cached reply, if any; `kind` says which hit ratio the lookup counts in. */
  get(key: string, kind: 'api' | 'page' = 'api'): unknown {
    const e = this.entries.get(key);
    const stats = this.stats[kind];
    if (!e) {
      stats.misses++;
      return undefined;
    }
    if (Date.now() - e.at > this.ttlMs) {
      this.drop(key);
      stats.misses++;
      return undefined;
    }
    stats.hits++;
    return e.data;
  }

  /**
   * Like `get`, but a miss is not counted: a look before the real lookup (the fast path for pages, whose
   * misses go on to the route, which counts them).
   */
  peek(key: string, kind: 'api' | 'page' = 'api'): unknown {
    const e = this.entries.get(key);
    if (!e || Date.now() - e.at > this.ttlMs) return undefined;
    this.stats[kind].hits++;
    return e.data;
  }

  /** The generation a read started in: a reply computed across a clear must not be stored. */
  current(): number {
    return this.generation;
  }

  /** Stores a reply computed during generation `gen`; `bytes` is its size when it is large (a page). */
  set(key: string, data: unknown, gen: number, bytes = 0): void {
    if (gen !== this.generation || bytes > this.maxBytes) return;
    this.drop(key);
    while (
      this.entries.size > 0 &&
      (this.entries.size >= this.maxEntries || this.bytes + bytes > this.maxBytes)
    )
      this.drop(this.entries.keys().next().value!);
    this.entries.set(key, { at: Date.now(), data, bytes });
    this.bytes += bytes;
  }

  /** An entry grew after it was stored (a page made its plain bytes): counts `bytes` as its size now. */
  grew(key: string, data: unknown, bytes: number): void {
    const e = this.entries.get(key);
    if (!e || e.data !== data) return;
    this.bytes += bytes - e.bytes;
    e.bytes = bytes;
    while (this.bytes > this.maxBytes && this.entries.size > 1) {
      const oldest = this.entries.keys().next().value!;
      if (oldest === key) break;
      this.drop(oldest);
    }
  }

  private drop(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.bytes -= e.bytes;
    this.entries.delete(key);
  }

  /** Drops everything here at once, then on the other instances. */
  async clear(): Promise<void> {
    this.clearLocal();
    await this.sync.announce();
  }

  /** Drops this instance's entries (when a change was announced some other way). */
  clearLocal(): void {
    this.generation += 1;
    // Every write clears: Map#clear on this long-lived map would allocate its new empty table in V8's old
    // generation, garbage only a full collection frees (~150 B a reply at 1,000 replies/s); an empty map is
    // left as it is, a full one replaced by a new (young) map.
    if (this.entries.size) this.entries = new Map();
    this.bytes = 0;
  }
}
