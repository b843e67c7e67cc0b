import type { LikedUserItem } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import type { Lang } from '../../platform/http/lang.js';

/** Which paid orders a list asks for: tips (order type 2), or purchases of the thread or its files (3 and 7). */
export type SupporterKind = 'tip' | 'paid';

/** A tipper or paid reader as the actor may see them, with the payment time the list is ordered by. */
export interface SupporterEntry {
  item: LikedUserItem;
  at: Date;
}

/**
 * A thread's tippers and paid readers for `thread.likedusers`. They live in the paid orders, which the
 * paid-content feature owns and presents (who may see a name or an amount is its rule); the thread reader only
 * merges them with the likes. Until that feature plugs in, a thread has none.
 */
export interface ThreadSupporters {
  /** How many paid tips and purchases the thread has. */
  counts(threadId: number): Promise<{ tips: number; paid: number }>;
  /** Newest first: `limit` entries of those kinds after skipping `offset`. */
  list(
    actor: Actor,
    threadId: number,
    kinds: readonly SupporterKind[],
    limit: number,
    offset: number,
    lang: Lang,
  ): Promise<SupporterEntry[]>;
}

/** No paid-content feature: no tips, no purchases. */
export const NO_SUPPORTERS: ThreadSupporters = {
  counts: async () => ({ tips: 0, paid: 0 }),
  list: async () => [],
};
