import type { Actor } from '../../platform/auth/actor.js';
import type { Db, DbOrTx, Tx } from '../../platform/db/db.js';
import type { Notice } from '../notifications/index.js';
import type { posts } from '../posts/posts.table.js';
import type { threads } from '../threads/threads.table.js';

/*
 * What the review needs of threads and posts. Threads mounts it, so review may not import threads back:
 * threads hands these in (threads/review.wiring.ts).
 */

/** A thread row as threads' repository returns it. */
export type ReviewedThread = Omit<typeof threads.$inferSelect, 'searchText' | 'searchVector'>;
/** A post row. */
export type ReviewedPost = typeof posts.$inferSelect;

export interface ReviewDeps {
  db: Db;
  /** Tells authors; a failure is logged by threads, never the review's error. */
  notify(notices: Notice[]): Promise<void>;
}

/** The posts service's part in a decision: counters and the "replied" event of a reply let through. */
export interface ReviewedPosts {
  replied(post: ReviewedPost): Promise<void>;
  applyCounts(tx: Tx, before: ReviewedPost | null, after: ReviewedPost): Promise<void>;
}

/** The rows a decision changes, and the counters that follow a thread's state. */
export interface ContentRows {
  findThread(db: DbOrTx, id: number, forUpdate?: boolean): Promise<ReviewedThread | null>;
  updateThread(db: DbOrTx, id: number, patch: Partial<ReviewedThread>): Promise<ReviewedThread>;
  applyThreadCounts(tx: Tx, before: ReviewedThread | null, after: ReviewedThread): Promise<void>;
  findPost(db: DbOrTx, id: number, forUpdate?: boolean): Promise<ReviewedPost | null>;
  updatePost(db: DbOrTx, id: number, patch: Partial<ReviewedPost>): Promise<ReviewedPost>;
  becameApproved(before: ReviewedPost, after: ReviewedPost): boolean;
}

/** `threads.batch` changes (contracts' `threadsBatch` input). */
export interface BatchInput {
  ids: number[];
  categoryId?: number;
  isSticky?: boolean;
  isEssence?: boolean;
  isSite?: boolean;
  isDeleted?: boolean;
  reason: string;
}

/** Threads' batch actions and purge, whose routes the review registers. */
export interface ThreadsBatch {
  apply(actor: Actor, input: BatchInput): Promise<number[]>;
  purge(kind: 'thread' | 'post', ids: number[]): Promise<number[]>;
}
