import type { Bus } from '../../platform/cache/bus.js';

const CHANNEL = 'paid-content.bought';

/**
 * Whether a member bought anything, asked on every page a member opens (a buyer's pages are rendered for
 * them: a group's shared page shows paid threads cut). Kept per instance instead of one query per page; a
 * purchase tells every instance over the bus. A "no" is re-read after `ttlMs` all the same, in case a message
 * was lost; a "yes" stays (purchases are never taken back).
 */
export class PurchaseFlags {
  private readonly known = new Map<number, { at: number; value: boolean }>();

  constructor(
    private readonly load: (userId: number) => Promise<boolean>,
    private readonly bus: Bus,
    /** Told of each purchase on this instance (what was decided from the old answer must go). */
    private readonly changed: (userId: number) => void,
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 20_000,
  ) {
    bus.subscribe(CHANNEL, (message) => this.remember(Number(message)));
  }

  /** Whether the member has bought something. */
  async has(userId: number): Promise<boolean> {
    const hit = this.known.get(userId);
    if (hit && (hit.value || Date.now() - hit.at < this.ttlMs)) return hit.value;
    const value = await this.load(userId);
    // A purchase that landed meanwhile wins over the older read.
    if (!this.known.get(userId)?.value) this.set(userId, value);
    return value;
  }

  /** After a purchase has committed: this instance at once, then the others. */
  async bought(userId: number): Promise<void> {
    this.remember(userId);
    await this.bus.publish(CHANNEL, String(userId));
  }

  private remember(userId: number): void {
    if (!Number.isInteger(userId) || userId <= 0) return;
    this.set(userId, true);
    this.changed(userId);
  }

  private set(userId: number, value: boolean): void {
    if (this.known.size >= this.maxEntries && !this.known.has(userId)) this.known.clear();
    this.known.set(userId, { at: Date.now(), value });
  }
}
