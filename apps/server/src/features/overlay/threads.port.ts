import type { ThreadItem } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import type { Db, DbOrTx } from '../../platform/db/db.js';
import type { Lang } from '../../platform/http/lang.js';
import type { PostsService } from '../posts/index.js';
import type { threads } from '../threads/threads.table.js';

/*
 * What the overlay needs of threads (replies' rows and presenters come from posts' index and service). Threads mounts it, so the overlay may not import threads back:
 * threads hands these in (threads/overlay.wiring.ts), the same reader, presenters and caches every read uses.
 */

/** A thread row as threads' repository returns it. */
export type OverlayThread = Omit<typeof threads.$inferSelect, 'searchText' | 'searchVector'>;

/** Who is asking and which categories they may view (threads' `Viewer`). */
export interface OverlayViewer {
  userId: number | null;
  seesAll: boolean;
  categoryIds: number[];
  since?: Date | null;
}

/** A group's threads of one page: rows and their items as the group sees them. */
export interface OverlayPage {
  rows: OverlayThread[];
  total: number;
  items: ThreadItem[];
}

/** Threads' list caches: what a group shares, what a member keeps until the next write. */
export interface OverlayLists {
  shared<T>(key: string, load: () => Promise<T>): Promise<T>;
  viewerPart<T>(key: string, load: () => Promise<T>): Promise<T>;
  ownText(key: string, load: () => Promise<string>): Promise<string>;
  /** A kept text and a check that it still holds, or undefined. */
  peekText(key: string): { value: string; holds(): boolean } | undefined;
  hasHiddenOwn(db: DbOrTx, userId: number, categoryIds: number[]): Promise<boolean>;
  hasPendingReplies(db: DbOrTx, userId: number): Promise<boolean>;
}

/** Threads' reader and list presenters. */
export interface OverlayThreads {
  viewer(actor: Actor): OverlayViewer;
  /** The threads among `ids` the viewer may see (any order). */
  visibleAmong(v: OverlayViewer, ids: number[]): Promise<OverlayThread[]>;
  /** -4004 unless the actor may see the thread. */
  visibleThread(actor: Actor, threadId: number): Promise<OverlayThread>;
  presentList(actor: Actor, rows: OverlayThread[], lang: Lang): Promise<ThreadItem[]>;
  /** A group's page as one member sees it (threads' `personalise`). */
  personalise(
    actor: Actor & { userId: number },
    page: OverlayPage,
    lang: Lang,
  ): Promise<{ changed(): ThreadItem[]; json(start: number, end: number): string }>;
}

/** Everything the overlay is made from. */
export interface OverlayContent {
  db: Db;
  lists: OverlayLists;
  threads: OverlayThreads;
  /** The posts service's presenters (threads makes it). */
  posts: Pick<PostsService, 'present' | 'groupBundle' | 'presentWith'>;
}
