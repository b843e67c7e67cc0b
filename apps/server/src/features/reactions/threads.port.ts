import type { ThreadItem } from '@forum/contracts';
import type { Gate } from '../../platform/access/gate.js';
import type { Actor } from '../../platform/auth/actor.js';
import type { Db, DbOrTx } from '../../platform/db/db.js';
import type { Lang } from '../../platform/http/lang.js';
import type { SettingsService } from '../settings/index.js';
import type { threads } from '../threads/threads.table.js';

/*
 * What reactions needs of threads. Threads mounts reactions, so reactions may not import threads back:
 * threads hands these in (threads/reactions.wiring.ts).
 */

/** A thread row as threads' repository returns it. */
export type ReactedThread = Omit<typeof threads.$inferSelect, 'searchText' | 'searchVector'>;

export interface ReactionsDeps {
  db: Db;
  gate: Gate;
  settings: SettingsService;
}

/** Threads' reader: the visibility check and the presenter. */
export interface ThreadReader {
  visibleThread(actor: Actor, threadId: number): Promise<ReactedThread>;
  present(actor: Actor, row: ReactedThread, lang: Lang): Promise<ThreadItem>;
}

/** The thread rows a reaction changes (threads' repository owns them and their counters). */
export interface ThreadRows {
  find(db: DbOrTx, id: number, forUpdate?: boolean): Promise<ReactedThread | null>;
  update(
    db: DbOrTx,
    id: number,
    patch: Partial<Pick<ReactedThread, 'isEssence' | 'isSticky' | 'stickSort' | 'isSite'>>,
  ): Promise<ReactedThread>;
  bump(
    db: DbOrTx,
    id: number,
    delta: Partial<Record<'viewCount' | 'shareCount' | 'favoriteCount', number>>,
  ): Promise<ReactedThread | null>;
  countSticky(db: DbOrTx): Promise<number>;
  setUserStick(db: DbOrTx, userId: number, threadId: number | null): Promise<void>;
}
