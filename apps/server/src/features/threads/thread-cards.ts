import type { AttachmentItem } from '@forum/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
import { rowsOf, type AuthorRow } from './threads.repository.js';

/** What a thread card shows that is the same for every viewer: author, first post, blocks, likers, files. */
export interface SharedCard {
  author: AuthorRow | undefined;
  first: { id: number; threadId: number; content: string; likeCount: number } | undefined;
  toms: Array<{ key: string; tomType: string; body: unknown }>;
  topicId: number | undefined;
  likers: Array<{ userId: number; nickname: string; avatar: string }>;
  /** Files bound to the first post, by attachment id. */
  files: Map<number, AttachmentItem>;
}

/**
 * Shared card parts by thread id, valid until the next write anywhere (the write generation of the guest
 * cache) and at most `ttlMs`. A list page then costs its own query plus one query for the viewer's marks,
 * instead of eleven; logged-in lists were 10x slower than guests' before this.
 */
export class ThreadCardCache {
  private readonly entries = new Map<number, { at: number; gen: number; card: SharedCard }>();

  constructor(
    /** The current write generation; a change means every entry may be stale. */
    readonly generation: () => number,
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 2_000,
  ) {}

  get(threadId: number): SharedCard | undefined {
    const e = this.entries.get(threadId);
    if (!e) return undefined;
    if (e.gen !== this.generation() || Date.now() - e.at > this.ttlMs) {
      this.entries.delete(threadId);
      return undefined;
    }
    return e.card;
  }

  /**
   * Forgets one thread's card. A write clears the cache only after its handler returns, so a handler that
   * changes a card's parts and then presents the thread drops it first, or its reply shows the old content.
   */
  drop(threadId: number): void {
    this.entries.delete(threadId);
  }

  /** Stores a card read during generation `gen`; one read across a write is not stored. */
  set(threadId: number, card: SharedCard, gen: number): void {
    if (gen !== this.generation()) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(threadId, { at: Date.now(), gen, card });
  }
}

/** The viewer's own marks on some threads, in one round trip: liked first posts, favourites, profile pin. */
export async function viewerMarks(
  db: DbOrTx,
  userId: number,
  postIds: number[],
  threadIds: number[],
): Promise<{ likedPosts: Set<number>; favorited: Set<number>; userStick: number | null }> {
  // Constant SQL text (arrays as one parameter) so the named prepared statement is reused for every page.
  const rows = rowsOf<{ k: number; id: number }>(
    await db.execute(sql`
      select 1 as k, post_id as id from post_likes where user_id = ${userId} and post_id = any(${sql.param(postIds)}::int[])
      union all
      select 2, thread_id from thread_favorites where user_id = ${userId} and thread_id = any(${sql.param(threadIds)}::int[])
      union all
      (select 3, thread_id from user_thread_sticks where user_id = ${userId} limit 1)`),
  );
  const likedPosts = new Set<number>();
  const favorited = new Set<number>();
  let userStick: number | null = null;
  for (const r of rows) {
    const k = Number(r.k);
    const id = Number(r.id);
    if (k === 1) likedPosts.add(id);
    else if (k === 2) favorited.add(id);
    else userStick = id;
  }
  return { likedPosts, favorited, userStick };
}
