import { UserStatus, type UserEvent } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import type { Bus } from '../../platform/cache/bus.js';
import type { Db } from '../../platform/db/db.js';
import { userOfMessage } from '../users/index.js';
import { USER_EVENTS_CHANNEL } from './user-events.js';
import { eventBounds, eventsAfter } from './user-events.repository.js';

/** One open channel of one user (a WebSocket or an event stream). */
export interface Subscriber {
  userId: number;
  /** The login it was opened with: revoking that session closes it. */
  token: string;
  tokenHash: string;
  /** The last event id this subscriber has been sent. */
  lastId: number;
  push(events: UserEvent[]): void;
  close(reason: string): void;
}

/** Events read per query while catching a subscriber up. */
const BATCH = 500;

/**
 * This instance's open channels, by user. A "user has news" message on the bus (from any instance, this one
 * too) makes it read that user's events after the oldest id its subscribers have seen and push each the ones it
 * lacks: ids only grow, so nothing is sent twice or skipped, however wakes and reconnects interleave.
 */
export class RealtimeHub {
  private readonly subs = new Map<number, Set<Subscriber>>();
  /** Users whose flush is running, and those woken again meanwhile (flushed once more after). */
  private readonly running = new Set<number>();
  private readonly again = new Set<number>();

  constructor(
    private readonly db: Db,
    bus: Bus,
    revokedChannel: string,
    private readonly resolve: (token: string) => Promise<Actor | null>,
  ) {
    bus.subscribe(USER_EVENTS_CHANNEL, (message) => {
      for (const part of message.split(',')) {
        const id = Number(part);
        if (this.subs.has(id)) this.wake(id);
      }
    });
    bus.subscribe(revokedChannel, (message) => void this.revoked(message));
  }

  /** How many channels are open here. */
  get size(): number {
    let n = 0;
    for (const set of this.subs.values()) n += set.size;
    return n;
  }

  /**
   * Opens a subscriber. `after` is the last id the client has (0: a fresh client, which starts from now); the
   * first push is the events it missed, or none.
   */
  async add(sub: Subscriber, after: number): Promise<void> {
    // Registered before the bounds are read, parked past every id: a wake meanwhile finds it and sends it
    // nothing; the wake below then sends whatever came after its starting point.
    sub.lastId = Number.MAX_SAFE_INTEGER;
    let set = this.subs.get(sub.userId);
    if (!set) this.subs.set(sub.userId, (set = new Set()));
    set.add(sub);
    const { first, last } = await eventBounds(this.db, sub.userId);
    // A fresh client, or one from before the kept events (or another database), starts from now.
    sub.lastId = after <= 0 || after > last || after < first - 1 ? last : after;
    this.wake(sub.userId);
  }

  /** Closes nothing; forgets the subscriber (its socket closed). */
  remove(sub: Subscriber): void {
    const set = this.subs.get(sub.userId);
    if (!set) return;
    set.delete(sub);
    if (!set.size) this.subs.delete(sub.userId);
  }

  /** Open channels (WebSocket and server-sent events), for metrics. */
  connections(): number {
    let n = 0;
    for (const set of this.subs.values()) n += set.size;
    return n;
  }

  /** Closes every channel (shutdown). */
  closeAll(reason: string): void {
    for (const set of this.subs.values()) for (const s of set) s.close(reason);
    this.subs.clear();
  }

  private wake(userId: number): void {
    if (this.running.has(userId)) {
      this.again.add(userId);
      return;
    }
    this.running.add(userId);
    void this.flush(userId)
      .catch(() => {})
      .finally(() => {
        this.running.delete(userId);
        if (this.again.delete(userId)) this.wake(userId);
      });
  }

  private async flush(userId: number): Promise<void> {
    for (;;) {
      const set = this.subs.get(userId);
      if (!set?.size) return;
      const from = Math.min(...[...set].map((s) => s.lastId));
      const events = await eventsAfter(this.db, userId, from, BATCH);
      if (!events.length) return;
      for (const s of set) {
        const fresh = events.filter((e) => e.id > s.lastId);
        if (!fresh.length) continue;
        s.lastId = fresh[fresh.length - 1]!.id;
        s.push(fresh);
      }
      if (events.length < BATCH) return;
    }
  }

  /**
   * A revoked login closes its channels; '*' (bans, group changes) re-checks every open one, a member's
   * message (`user:<id>`) theirs.
   */
  private async revoked(message: string): Promise<void> {
    const all = [...this.subs.values()].flatMap((set) => [...set]);
    const member = userOfMessage(message);
    for (const s of all) {
      if (message === '*' || s.userId === member) {
        const actor = await this.resolve(s.token).catch(() => null);
        if (actor && actor.userId === s.userId && actor.status !== UserStatus.BANNED) continue;
      } else if (s.tokenHash !== message) continue;
      s.close('session ended');
      this.remove(s);
    }
  }
}
