import type { Actor } from '../auth/actor.js';
import type { Lang } from '../http/lang.js';

/** A member's viewer overlay for a group-shared page, as the feature that makes it hands it over. */
export interface OverlaySource {
  /**
   * What the text is made of, by identity (the member's user record, their cached part): while the same parts
   * come back, the text is the same and what was built from it (the compressed tail of a page) still holds.
   */
  parts: readonly unknown[];
  /** The overlay's data as JSON text: `{"user":…,"threads":[…],"posts":[…]}`. */
  json(): string;
  /**
   * Whether what it was made of is still what would be peeked now (a kept overlay only): while it holds, a
   * reply made with it may be sent again as it is.
   */
  holds?: () => boolean;
}

/** The overlay's thread items carry times written in the reader's language (`diffTime`): `lang` picks it. */
type Provider = (actor: Actor & { userId: number }, query: string, lang: Lang) => Promise<OverlaySource>;
/** The same overlay when everything it is made of is at hand (cached), without waiting; else null. */
type Peek = (actor: Actor & { userId: number }, query: string, lang: Lang) => OverlaySource | null;

/**
 * Where the page layer gets a member's overlay to splice into their group's page (so a member's view is one
 * request): the threads feature provides it; without one, pages ask for it from their script instead.
 */
export class PageOverlays {
  private provider: Provider | null = null;
  private peeker: Peek | null = null;

  /** Sets who makes overlays (one provider), and how to find one already at hand. */
  provide(fn: Provider, peek?: Peek): void {
    this.provider = fn;
    this.peeker = peek ?? null;
  }

  /** The overlay when it is at hand without waiting (pages' fast path), else null. */
  peek(actor: Actor & { userId: number }, query: string, lang: Lang): OverlaySource | null {
    return this.peeker ? this.peeker(actor, query, lang) : null;
  }

  /** The overlay for an address's query (`threadIds=…&postIds=…`), or null when nobody provides one. */
  of(actor: Actor & { userId: number }, query: string, lang: Lang): Promise<OverlaySource> | null {
    return this.provider ? this.provider(actor, query, lang) : null;
  }
}
