import type { OpenGzip } from '../http/stored-body.js';

/**
 * Members' own replies that are spliced from what their group shares plus their marks (a member's
 * `thread.list`: the group's page, their likes, favourites and pin), kept per member as gzip bytes left open
 * for each reply's request id and time, until the next write anywhere (the guest cache's generation: marks
 * change only by writes, and every write clears) or `ttlMs`, within a byte budget, oldest out first. A member
 * reading the list again then costs what a guest's cached read costs.
 */
export class MemberReplies {
  private readonly entries = new Map<string, { at: number; gen: number; value: OpenGzip }>();
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

  /** A fresh reply kept for this key ({@link MemberReplies.key}), if any. */
  get(key: string): OpenGzip | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.gen !== this.generation() || Date.now() - e.at > this.ttlMs) {
      this.drop(key);
      return undefined;
    }
    return e.value;
  }

  /** Keeps a reply made during generation `gen` (not kept when a write came meanwhile). */
  set(key: string, value: OpenGzip, gen: number): void {
    if (gen !== this.generation() || value.bytes.length > this.maxBytes) return;
    this.drop(key);
    while (this.entries.size && this.bytes + value.bytes.length > this.maxBytes)
      this.drop(this.entries.keys().next().value!);
    this.entries.set(key, { at: Date.now(), gen, value });
    this.bytes += value.bytes.length;
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

  private drop(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.bytes -= e.value.bytes.length;
    this.entries.delete(key);
  }
}
