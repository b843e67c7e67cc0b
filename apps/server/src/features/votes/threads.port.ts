import type { Actor } from '../../platform/auth/actor.js';
import type { Db } from '../../platform/db/db.js';

/**
 * What votes needs of threads, which mounts it (so votes may not import threads back): the database and a
 * check that the voter may see the thread. Threads passes its deps and its reader, which fit these.
 */
export interface VotesDeps {
  db: Db;
}

export interface VisibleThreads {
  /** Throws the reader's not-found or forbidden error when the actor may not see the thread. */
  visibleThread(actor: Actor, threadId: number): Promise<unknown>;
}
