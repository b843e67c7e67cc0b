import type { PostEvent, PostsDeps } from '../posts/index.js';
import type { Gate } from '../../platform/access/gate.js';
import type { Actor } from '../../platform/auth/actor.js';
import type { Db } from '../../platform/db/db.js';
import type { CategoriesService } from '../categories/index.js';
import type { GroupsService } from '../groups/index.js';
import type { SettingsService } from '../settings/index.js';
import type { Notice } from '../notifications/index.js';
import type { TopicsService } from '../topics/index.js';
import type { CaptchaProvider } from './captcha.js';
import type { ContentPipeline } from './content.pipeline.js';
import type { ThreadCardCache } from './thread-cards.js';
import type { ThreadListCache } from './thread-list-cache.js';
import type { ThreadFiles } from './thread-files.service.js';
import type { Viewer } from './threads.repository.js';
import type { TomRegistry } from '../toms/index.js';
import type { ThreadExtensions } from './thread-extensions.js';
import type { PurchasesOf } from './paid.policy.js';
import type { ThreadSupporters } from './supporters.port.js';

/** Everything the threads services share, passed explicitly. */
export interface ThreadsDeps {
  db: Db;
  gate: Gate;
  settings: SettingsService;
  groups: GroupsService;
  categories: CategoriesService;
  topics: TopicsService;
  toms: TomRegistry;
  content: ContentPipeline;
  captcha: CaptchaProvider;
  /** Uploads used by threads and replies (bind, access, present). */
  files: ThreadFiles;
  /** Viewer-independent parts of thread cards, fresh until the next write. */
  cards: ThreadCardCache;
  /** List pages as a whole group sees them, fresh until the next write. */
  lists: ThreadListCache;
  /** Ids the actor follows; the follows feature replaces the empty default. */
  followees: (userId: number) => Promise<number[]>;
  /** Tells members what happened to their content, after the commit; never throws (the notifications feature). */
  notify: (notices: Notice[]) => Promise<void>;
  /** A plain reply's notices, stored in its own statement, and the wake after it (the notifications feature). */
  told: PostsDeps['told'];
  /** Plugins' hooks (after commit, never throw) and filters (before a write; may change or refuse it). */
  events: ContentEvents;
  /** What each viewer bought of paid threads; the paid-content feature replaces the empty default. */
  purchases: PurchasesOf;
  /** A thread's tippers and paid readers (`thread.likedusers`); the paid-content feature replaces the empty default. */
  supporters: ThreadSupporters;
  /** Replies and likes, awaited after their commit; never throws (money features grant red packets on them). */
  postEvents: (e: PostEvent) => Promise<void>;
  /** Plugins' additions to threads as presented (`extensions.<name>`); the plugins feature sets it. */
  extensions?: ThreadExtensions;
}

/** What `postEvents` hears (the posts feature's). */
export type { PostEvent };

/** The content events plugins hear and the values they may filter (the plugins feature fills these in). */
export interface ContentEvents {
  emit(
    event: 'thread.created',
    p: { threadId: number; userId: number; categoryId: number; title: string },
  ): void;
  emit(event: 'thread.deleted', p: { threadId: number; userId: number }): void;
  emit(event: 'post.created', p: { postId: number; threadId: number; userId: number }): void;
  filterThread(v: { title: string; text: string; categoryId: number; userId: number }): Promise<{
    title: string;
    text: string;
    categoryId: number;
    userId: number;
  }>;
  filterPost(v: { threadId: number; text: string; userId: number }): Promise<{
    threadId: number;
    text: string;
    userId: number;
  }>;
}

/** No plugins: nothing heard, nothing changed. */
export const NO_EVENTS: ContentEvents = {
  emit: () => {},
  filterThread: async (v) => v,
  filterPost: async (v) => v,
};

/** The visibility scope inputs for an actor. */
export function viewerOf(deps: Pick<ThreadsDeps, 'categories'>, actor: Actor): Viewer {
  return {
    userId: actor.userId,
    seesAll: actor.isAdmin,
    categoryIds: deps.categories.allowedIds(actor, 'viewThreads'),
  };
}
