import type { GuestCache } from '../../platform/cache/guest-cache.js';
import { ThreadCardCache } from './thread-cards.js';
import { ThreadListCache } from './thread-list-cache.js';
import type { FastifyInstance } from 'fastify';
import type { Gate } from '../../platform/access/gate.js';
import type { Bus } from '../../platform/cache/bus.js';
import type { Database } from '../../platform/db/db.js';
import type { Route } from '../../platform/http/router.js';
import type { PageOverlays } from '../../platform/web/page-overlay.js';
import { CategoriesService, registerCategoriesRoutes } from '../categories/index.js';
import type { ForumService } from '../forum/index.js';
import type { GroupsService } from '../groups/index.js';
import type { SettingsService } from '../settings/index.js';
import { attachmentsOf, type AttachmentStorage } from '../attachments/index.js';
import { stopWordsOf } from '../stop-words/index.js';
import { registerEmojiFiles, registerTopicsRoutes, TopicsService } from '../topics/index.js';
import { topicThreadsOriginal } from './topic-threads.original.js';
import { registerReportsRoutes } from '../reports/index.js';
import { BuiltInCaptcha, type CaptchaProvider } from './captcha.js';
import { ContentPipeline } from './content.pipeline.js';
import { registerFileToms } from './file-toms.registry.js';
import { POST_FILE_TYPES, ThreadFiles } from './thread-files.service.js';
import { PostsUpdater } from '../posts/index.js';
import { PostsService } from './posts.wiring.js';
import { ReactionsService } from './reactions.wiring.js';
import { NO_EVENTS, viewerOf, type ContentEvents, type PostEvent, type ThreadsDeps } from './threads.deps.js';
export type { ContentEvents, PostEvent } from './threads.deps.js';
export type { TomSaveContext, TomShowContext } from '../toms/index.js';
import type { ThreadExtensions } from './thread-extensions.js';
import type { PersonalPageRules } from '../../platform/web/page-key.js';
import { siteCounts } from './threads-list.repository.js';
import { ThreadsReader } from './threads-read.service.js';
import { registerThreadsRoutes } from './threads.routes.js';
import { ThreadsWriter } from './threads-write.service.js';
import { registerBuiltInToms, TomRegistry } from '../toms/index.js';
import { registerVoteTom, VotesService } from '../votes/index.js';
import { mountOverlay } from '../overlay/index.js';
import { overlayContent } from './overlay.wiring.js';
import type { Actor } from '../../platform/auth/actor.js';
import type { ForumData } from '@forum/contracts';
import type { Notice } from '../notifications/index.js';

/** Threads feature: threads, content blocks, replies, reactions (plus categories, topics and reports it mounts). */
export { TomRegistry, type TomType } from '../toms/index.js';
export type { CaptchaProvider } from './captcha.js';
export { threads, threadToms } from './threads.table.js';
export { sharedText, type PurchasesOf } from './paid.policy.js';
import { NO_PURCHASES, type PurchasesOf } from './paid.policy.js';
import { NO_SUPPORTERS, type ThreadSupporters } from './supporters.port.js';
export type { SupporterEntry, SupporterKind, ThreadSupporters } from './supporters.port.js';
export { diffTime } from './threads.presenter.js';
import { findToms, profilePinnedThread } from './threads.repository.js';
import { registerReviewRoutes } from '../review/index.js';
import { ReviewService } from './review.wiring.js';
import { ThreadsBatch } from './threads-batch.service.js';
import { siteOrigin } from '../../platform/http/site-origin.js';
export { threadSearchColumns, type ThreadSearchSource } from './threads.repository.js';
export { reindexThreads } from './threads-reindex.js';
export { extractTopics } from './threads-topics-extract.js';

/** What other features (money, follows, plugins) reach through `app.threads`. */
export interface ThreadsFeature {
  toms: TomRegistry;
  categories: CategoriesService;
  topics: TopicsService;
  /** Replace to plug in the follows feature (`filter.attention`). */
  setFollowees(fn: (userId: number) => Promise<number[]>): void;
  /** Plug in the notifications feature (replies, comments, likes and mentions notify). */
  setNotifier(notifier: { send(notices: Notice[]): Promise<unknown> } & ThreadsDeps['told']): void;
  /** Replace the built-in captcha with a real provider. */
  setCaptcha(provider: CaptchaProvider): void;
  /** Plug in the plugins' hooks and filters. */
  setEvents(events: ContentEvents): void;
  /** Plug in the plugins' thread presenters. */
  setExtensions(fn: ThreadExtensions): void;
  /** Plug in the paid-content feature: what each viewer bought of paid threads. */
  setPurchases(fn: PurchasesOf): void;
  /** Plug in the paid-content feature: a thread's tippers and paid readers (`thread.likedusers`). */
  setSupporters(source: ThreadSupporters): void;
  /** Hear replies and likes after their commit (red packets are granted on them). */
  addPostListener(fn: (e: PostEvent) => Promise<void>): void;
  /** Whether the actor may see the thread (its blocks not read: a payment's check asks only this). */
  canSee(actor: Actor, threadId: number): Promise<boolean>;
  /** A thread the actor may see with its blocks (for plugins), or null. */
  visibleThread(
    actor: Actor,
    threadId: number,
  ): Promise<{
    threadId: number;
    userId: number;
    categoryId: number;
    title: string;
    blocks: Array<{ key: string; tomId: string; body: unknown }>;
  } | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    threads: ThreadsFeature;
  }
}

/** Mounts categories, threads, posts, topics, emoji, reports and the viewer overlay (one line in features.ts). */
export async function mountThreads(ctx: {
  app: FastifyInstance;
  route: Route;
  database: Database;
  bus: Bus;
  guestCache: GuestCache;
  gate: Gate;
  settings: SettingsService;
  groups: GroupsService;
  forum: ForumService;
  users: {
    currentUser(actor: Actor): Promise<ForumData['user']>;
    /** The current user when cached (no query), else undefined. */
    peekCurrentUser?(actor: Actor): ForumData['user'] | undefined;
    pinnedThread?: (userId: number) => Promise<number | null>;
  };
  personalPages: PersonalPageRules;
  pageOverlays: PageOverlays;
  config: { dataDir: string; publicUrl?: string | undefined };
  storage: AttachmentStorage;
}): Promise<ThreadsFeature> {
  const db = ctx.database.db;
  const categories = new CategoriesService(db, ctx.gate, ctx.bus);
  const topics = new TopicsService(db);
  await Promise.all([categories.start(), topics.start()]);
  const toms = new TomRegistry();
  registerBuiltInToms(toms);
  registerVoteTom(toms);
  const captchaBox: { provider: CaptchaProvider } = { provider: new BuiltInCaptcha() };
  const postListeners: Array<(e: PostEvent) => Promise<void>> = [];
  const attachments = attachmentsOf(ctx);
  // The reader is made below from these deps; files only ask it once requests arrive.
  const files = new ThreadFiles(db, ctx.gate, attachments, (actor, id) => reader.visibleThread(actor, id));
  registerFileToms(toms, files);
  attachments.setAccessCheck((actor, row) => files.canView(actor, row), POST_FILE_TYPES);
  const deps: ThreadsDeps = {
    db,
    gate: ctx.gate,
    settings: ctx.settings,
    groups: ctx.groups,
    categories,
    topics,
    toms,
    content: new ContentPipeline(stopWordsOf({ app: ctx.app, database: ctx.database, bus: ctx.bus }), () =>
      topics.emojiUrls(),
    ),
    get captcha() {
      return captchaBox.provider;
    },
    followees: async () => [],
    purchases: NO_PURCHASES,
    supporters: NO_SUPPORTERS,
    notify: async () => {},
    told: { marked: async () => [], woken: () => {} },
    events: NO_EVENTS,
    postEvents: async (e) => {
      // The reply or like is committed: a listener's failure is logged, never the writer's error.
      for (const fn of postListeners) {
        await fn(e).catch((err: unknown) => ctx.app.log.warn({ err }, 'post listener failed'));
      }
    },
    files,
    cards: new ThreadCardCache(() => ctx.guestCache.current()),
    lists: new ThreadListCache(() => ctx.guestCache.current()),
  };
  const reader = new ThreadsReader(deps);
  const posts = new PostsService(deps, reader);
  const review = new ReviewService(deps, posts);
  registerReviewRoutes(ctx.route, review, new ThreadsBatch(deps, review));
  registerCategoriesRoutes(ctx.route, categories);
  registerTopicsRoutes(
    ctx.route,
    topics,
    siteOrigin(ctx.settings, ctx.config.publicUrl),
    topicThreadsOriginal(reader),
  );
  registerEmojiFiles(ctx.app);
  registerReportsRoutes(ctx.route, { db, reader, posts });
  registerThreadsRoutes(ctx.route, {
    reader,
    writer: new ThreadsWriter(deps, reader),
    reactions: new ReactionsService(deps, reader),
    votes: new VotesService(deps, reader),
    posts,
    postsUpdater: new PostsUpdater(posts),
    get captcha() {
      return captchaBox.provider;
    },
  });
  mountOverlay({
    route: ctx.route,
    pageOverlays: ctx.pageOverlays,
    users: ctx.users,
    content: overlayContent(deps, reader, posts),
  });
  // A group render leaves out what only its author may see: such members get their pages rendered for them.
  ctx.personalPages.add(
    async (actor) =>
      (!actor.isAdmin &&
        (await deps.lists.hasHiddenOwn(db, actor.userId, viewerOf(deps, actor).categoryIds))) ||
      (!actor.isAdmin && (await deps.lists.hasPendingReplies(db, actor.userId))),
  );
  ctx.forum.addCounter(() => siteCounts(db));
  const feature: ThreadsFeature = {
    toms,
    categories,
    topics,
    setFollowees: (fn) => {
      deps.followees = fn;
    },
    setNotifier: (notifier) => {
      deps.notify = async (notices) => {
        // The content is committed already: a failed notification is logged, never the writer's error.
        await notifier
          .send(notices)
          .catch((err: unknown) => ctx.app.log.warn({ err }, 'notification failed'));
      };
      deps.told = { marked: (notices) => notifier.marked(notices), woken: (ids) => notifier.woken(ids) };
    },
    setCaptcha: (provider) => {
      captchaBox.provider = provider;
    },
    setEvents: (events) => {
      deps.events = events;
    },
    setPurchases: (fn) => {
      deps.purchases = fn;
      files.purchases = fn;
    },
    setSupporters: (source) => {
      deps.supporters = source;
    },
    setExtensions: (fn) => {
      deps.extensions = fn;
    },
    addPostListener: (fn) => {
      postListeners.push(fn);
    },
    canSee: async (actor, threadId) =>
      reader.visibleThread(actor, threadId).then(
        () => true,
        () => false,
      ),
    visibleThread: async (actor, threadId) => {
      const t = await reader.visibleThread(actor, threadId).catch(() => null);
      if (!t) return null;
      const toms = await findToms(db, [threadId]);
      return {
        threadId: t.id,
        userId: t.userId,
        categoryId: t.categoryId,
        title: t.title,
        blocks: toms.map((b) => ({ key: b.key, tomId: b.tomType, body: b.body })),
      };
    },
  };
  // A profile shows the thread its owner pinned there.
  ctx.users.pinnedThread = (userId) => profilePinnedThread(db, userId);
  ctx.app.decorate('threads', feature);
  return feature;
}
