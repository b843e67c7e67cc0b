import { and, eq, isNull, ne, notInArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
import type { GzipTemplate } from '../../platform/http/gzip-template.js';
import type { ThreadQuery } from './threads-list.repository.js';
import type { ThreadItem } from '@forum/contracts';
import type { ThreadRow } from './threads.repository.js';
import { posts } from '../posts/posts.table.js';
import { threads } from './threads.table.js';

/** A kept text and whether it still holds (the same text would be peeked again). */
export interface HeldText {
  value: string;
  holds(): boolean;
}

/** A member's own part of a shared page: their marks, and the items presented for them alone. */
export interface ViewerPart {
  mine: Map<number, ThreadItem>;
  marks: { likedPosts: Set<number>; favorited: Set<number>; userStick: number | null } | null;
}

/** A list page as a group sees it: its rows, the count, and the items presented for the group. */
export interface SharedPage {
  rows: ThreadRow[];
  total: number;
  items: ThreadItem[];
  /** The items as JSON text without the viewer's marks, made on first use (thread-list-items.ts). */
  texts?: string[];
  /** Members' replies of this page as compiled gzip templates (envelope.ts `SplicedJson`), made on first use. */
  templates?: Map<string, Promise<GzipTemplate>>;
}

/**
 * A list page (rows, count and presented items) as a whole group sees it, until the next write anywhere: a
 * member's `thread.list` then costs one query for their own marks instead of a list, a count and a render. Only lists that do
 * not depend on who asks come here (no drafts, likes, favourites, follows or one author's threads), and only
 * for members with no published-but-hidden threads of their own, which the group's list would leave out.
 */
export class ThreadListCache {
  private readonly lists = new Map<string, { at: number; gen: number; value: unknown }>();
  private readonly hidden = new Map<string, { gen: number; value: boolean }>();
  private readonly viewerParts = new Map<string, { at: number; gen: number; value: unknown }>();
  private readonly texts = new Map<string, { at: number; gen: number; value: string }>();
  private textBytes = 0;
  /** Loads under way, by key and generation: concurrent misses (the herd after a write) share one. */
  private readonly loading = new Map<string, Promise<unknown>>();

  constructor(
    /** The guest cache's write generation: any write anywhere makes every entry stale. */
    private readonly generation: () => number,
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 300,
    /** Members' overlay texts are large (tens of KB): past this many bytes the oldest go first. */
    private readonly maxTextBytes = 4 * 1024 * 1024,
  ) {}

  /** Whether `q` is the same for every member of the viewer's group. */
  static shareable(q: ThreadQuery): boolean {
    return q.complex === undefined && q.userId === undefined && q.authorIds === undefined;
  }

  /** The group's page for `q`, read through `load` on a miss. */
  async page(
    groupKey: string,
    q: ThreadQuery,
    load: (q: ThreadQuery) => Promise<SharedPage>,
  ): Promise<SharedPage> {
    const shared: ThreadQuery = { ...q, viewer: { ...q.viewer, userId: null } };
    return this.shared(`${groupKey}|${JSON.stringify(shared)}`, () => load(shared));
  }

  /**
   * Anything a group shares by key (the viewer overlay keys its threads and its replies by id), via `load` on a
   * miss. Keys name what they hold: one key, one type.
   */
  async shared<T>(key: string, load: () => Promise<T>): Promise<T> {
    const gen = this.generation();
    const hit = this.lists.get(key);
    if (hit && this.fresh(hit)) return hit.value as T;
    const value = await this.once(`s${key}`, gen, load);
    if (gen === this.generation()) {
      if (this.lists.size >= this.maxEntries) this.lists.delete(this.lists.keys().next().value!);
      this.lists.set(key, { at: Date.now(), gen, value });
    }
    return value;
  }

  /**
   * A member's own part of one shared page (their marks; their threads and per-viewer blocks presented for
   * them), until the next write anywhere: only writes change it, theirs included, and each write clears it.
   */
  async viewerPart<T = ViewerPart>(key: string, load: () => Promise<T>): Promise<T> {
    const gen = this.generation();
    const hit = this.viewerParts.get(key);
    // Capped in time as well: a purchase changes a member's view of a paid thread without a write that clears.
    if (hit && this.fresh(hit)) return hit.value as T;
    const value = await this.once(`v${key}`, gen, load);
    if (gen === this.generation()) {
      if (this.viewerParts.size >= 5_000) this.viewerParts.clear();
      this.viewerParts.set(key, { at: Date.now(), gen, value });
    }
    return value;
  }

  /**
   * A member's kept text when it is fresh, without loading (pages' fast path), with a check that says later,
   * without building its key again, whether it still holds (no write since, within `ttlMs`); else undefined.
   */
  peekText(key: string): HeldText | undefined {
    const hit = this.texts.get(key);
    if (!hit || !this.fresh(hit)) return undefined;
    return { value: hit.value, holds: () => this.fresh(hit) };
  }

  private fresh(hit: { gen: number; at: number }): boolean {
    return hit.gen === this.generation() && Date.now() - hit.at < this.ttlMs;
  }

  /**
   * A member's own text (their viewer overlay as JSON), until the next write or `ttlMs`, within a byte budget
   * (oldest first out). The same string comes back while it holds, so what is built from it can be kept too.
   */
  async ownText(key: string, load: () => Promise<string>): Promise<string> {
    const gen = this.generation();
    const hit = this.texts.get(key);
    if (hit && this.fresh(hit)) return hit.value;
    const value = await this.once(`o${key}`, gen, load);
    if (gen !== this.generation()) return value;
    this.dropText(key);
    const bytes = value.length * 2;
    if (bytes > this.maxTextBytes) return value;
    while (this.texts.size && this.textBytes + bytes > this.maxTextBytes)
      this.dropText(this.texts.keys().next().value!);
    this.texts.set(key, { at: Date.now(), gen, value });
    this.textBytes += bytes;
    return value;
  }

  private dropText(key: string): void {
    const e = this.texts.get(key);
    if (!e) return;
    this.textBytes -= e.value.length * 2;
    this.texts.delete(key);
  }

  /**
   * Whether the user has published threads their group cannot see (awaiting approval, or in a category the
   * group may not view): lists show those to their author only, so that author's lists are not shared.
   */
  async hasHiddenOwn(db: DbOrTx, userId: number, categoryIds: number[]): Promise<boolean> {
    return this.flag(`t${userId}|${categoryIds.join(',')}`, async () => {
      const found = await db
        .select({ id: threads.id })
        .from(threads)
        .where(
          and(
            eq(threads.userId, userId),
            eq(threads.isDraft, false),
            isNull(threads.deletedAt),
            or(
              ne(threads.isApproved, 1),
              categoryIds.length ? notInArray(threads.categoryId, categoryIds) : undefined,
            ),
          ),
        )
        .limit(1);
      return found.length > 0;
    });
  }

  /** Whether the user has replies awaiting approval: thread pages show those to their author only. */
  async hasPendingReplies(db: DbOrTx, userId: number): Promise<boolean> {
    return this.flag(`p${userId}`, async () => {
      const found = await db
        .select({ id: posts.id })
        .from(posts)
        .where(and(eq(posts.userId, userId), ne(posts.isApproved, 1), isNull(posts.deletedAt)))
        .limit(1);
      return found.length > 0;
    });
  }

  /**
   * Runs `load` once for every concurrent miss of one key in one generation: fifty members opening a page
   * right after a write read it once, not fifty times (and build no fifty copies).
   */
  private once<T>(key: string, gen: number, load: () => Promise<T>): Promise<T> {
    const k = `${gen}\u0000${key}`;
    let p = this.loading.get(k) as Promise<T> | undefined;
    if (!p) {
      p = load().finally(() => this.loading.delete(k));
      this.loading.set(k, p);
    }
    return p;
  }

  /** A per-user yes/no kept until the next write. */
  private async flag(key: string, load: () => Promise<boolean>): Promise<boolean> {
    const gen = this.generation();
    const hit = this.hidden.get(key);
    if (hit && hit.gen === gen) return hit.value;
    const value = await this.once(`f${key}`, gen, load);
    if (this.hidden.size >= 10_000) this.hidden.clear();
    this.hidden.set(key, { gen, value });
    return value;
  }
}
