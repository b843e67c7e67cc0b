import type { SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/db.js';
import type { threads } from '../threads/threads.table.js';

/*
 * What recommendations need of threads. Threads' reader asks for them, so recommends may not import threads
 * back: threads hands these in per request (threads/recommends.wiring.ts).
 */

/** A thread row as threads' repository selects it (no search columns). */
export type RecommendedThread = Omit<typeof threads.$inferSelect, 'searchText' | 'searchVector'>;
/** The columns that select such a row. */
export type ThreadColumns = Omit<(typeof threads)['_']['columns'], 'searchText' | 'searchVector'>;

export interface RecommendsPort {
  db: Db;
  columns: ThreadColumns;
  /** Where-clause of the threads the viewer may see (threads' visibility rule). */
  visible: SQL;
  /** The first posts' HTML of untitled threads, for a title taken from the text. */
  firstPosts(db: DbOrTx, threadIds: number[]): Promise<Array<{ threadId: number; content: string }>>;
  /** The part of a thread's text anyone may read (a paid thread's free part). */
  sharedText(t: Pick<RecommendedThread, 'price' | 'freeWords'>, html: string): string;
}
