import type { PostThread } from './threads.port.js';

/** How long a copy serves before a reply reads the thread again (its title in notifications, say). */
const FRESH_MS = 10_000;
/** Threads kept at most: the ones people are answering now. */
const MAX = 512;

/**
 * The threads lately replied to, as last read (issue 30 item 4): a busy thread's replies check the copy
 * instead of reading the row each. A copy is never trusted for writing: the reply's insert re-checks in the
 * database what the checks read here (not deleted, not a draft, same category and review state) and leaves
 * the reply out if any differs; the service then drops the copy and answers from a fresh read. Per process;
 * other instances' edits are caught by that same re-check.
 */
export class RecentThreads {
  private readonly rows = new Map<number, { row: PostThread; at: number }>();

  get(id: number): PostThread | undefined {
    const hit = this.rows.get(id);
    if (!hit) return undefined;
    if (Date.now() - hit.at > FRESH_MS) {
      this.rows.delete(id);
      return undefined;
    }
    return hit.row;
  }

  /** Keeps a thread that a reply was just written to (with the row its checks read). */
  set(row: PostThread): void {
    const had = this.rows.get(row.id);
    // A cached copy written again keeps its entry and place: copies expire FRESH_MS after they were read, so
    // order by reading is order by age. Moving it to the end per reply (delete, then set) made V8 rebuild the
    // long-lived map's table in the old generation every few replies, garbage only a full collection frees.
    if (had?.row === row) return;
    this.rows.delete(row.id);
    this.rows.set(row.id, { row, at: Date.now() });
    if (this.rows.size > MAX) this.rows.delete(this.rows.keys().next().value!);
  }

  delete(id: number): void {
    this.rows.delete(id);
  }
}
