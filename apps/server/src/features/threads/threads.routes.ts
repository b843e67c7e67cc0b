import type { FastifyRequest } from 'fastify';
import {
  captchaIssue,
  postsCreate,
  postsDetail,
  postsList,
  postsPosition,
  postsUpdate,
  threadCreate,
  threadDelete,
  threadDetail,
  threadLikedUsers,
  threadListServed,
  threadRecommends,
  threadOperate,
  threadShare,
  threadStick,
  threadTypeList,
  threadUpdate,
  threadViewCount,
  tomPermissions,
  userThreadStick,
  voteThread,
} from '@forum/contracts';
import { invalid } from '../../platform/http/errors.js';
import { fromOriginalClient } from '../../platform/http/original-clients.js';
import type { OriginalContext, Route } from '../../platform/http/router.js';
import type { CaptchaProvider } from './captcha.js';
import type { PostsUpdater } from '../posts/index.js';
import type { PostsService } from './posts.wiring.js';
import type { ReactionsService } from '../reactions/index.js';
import type { ThreadsReader } from './threads-read.service.js';
import type { ThreadsWriter } from './threads-write.service.js';
import { originalPosts, originalThreads } from './thread-original.presenter.js';
import type { VotesService } from '../votes/index.js';

/** The services the thread routes call. */
export interface ThreadsRoutesDeps {
  reader: ThreadsReader;
  writer: ThreadsWriter;
  reactions: ReactionsService;
  votes: VotesService;
  posts: PostsService;
  postsUpdater: PostsUpdater;
  captcha: CaptchaProvider;
}

/** Mounts the thread and post calls (thin: parse → service → presenter). */
export function registerThreadsRoutes(route: Route, d: ThreadsRoutesDeps): void {
  const write = { auth: 'required' } as const;
  // Guests' reads are shared and cached until the next write (platform/cache/guest-cache.ts).
  const guestRead = { guestCache: true } as const;
  // What the original Discuz! Q clients read of threads and replies (thread-original.presenter.ts).
  const threads = { original: (data: unknown, c: OriginalContext) => originalThreads(data, c.origin) };
  const posts = { original: (data: unknown, c: OriginalContext) => originalPosts(data, c.origin) };
  route(threadCreate, { ...write, ...threads }, async (input, { actor, lang }) =>
    d.writer.create(actor, input, lang),
  );
  route(threadUpdate, { ...write, ...threads }, async ({ threadId, ...input }, { actor, lang }) =>
    d.writer.update(actor, threadId, input, lang),
  );
  route(threadDelete, write, async (input, { actor }) => d.writer.remove(actor, input.threadId));
  // A member's own copy (their marks and abilities) is kept for them until a write, like their lists below.
  route(threadDetail, { ...guestRead, ...threads, memberCache: true }, async (input, { actor, lang }) =>
    d.reader.detail(actor, input.threadId, lang),
  );
  // On a paid site the preview list (scope 3) is the one list shown before paying (reference §1.10).
  const previewScope = (req: FastifyRequest) => String((req.query as { scope?: unknown })?.scope) === '3';
  // A member's copy of a group-shared list (the group's page and their marks) is kept for them until a write.
  route(
    threadListServed,
    { ...guestRead, ...threads, memberCache: true, payExempt: previewScope },
    async ({ preload, ...input }, { actor, lang }) =>
      preload ? d.reader.listPreload(actor, input, lang, preload) : d.reader.listServed(actor, input, lang),
  );
  // Same for every member of a group (no own drafts or marks in them): shared per group until the next write.
  const groupRead = { groupCache: true } as const;
  route(threadRecommends, { ...groupRead, payExempt: true }, async (input, { actor }) =>
    d.reader.recommends(actor, input),
  );
  route(threadStick, { ...groupRead, payExempt: true }, async (input, { actor }) =>
    d.reader.sticky(actor, input.categoryIds),
  );
  route(threadLikedUsers, { ...guestRead, memberCache: true }, async (input, { actor, lang }) =>
    d.reader.likedUsers(actor, input, lang),
  );
  route(threadTypeList, guestRead, async () => d.reader.typeList());
  route(tomPermissions, { payExempt: true }, async (input, { actor, req }) =>
    fromOriginalClient(req)
      ? d.reader.tomPermissionsOriginal(actor, input.categoryId)
      : d.reader.tomPermissions(actor, input.categoryId),
  );
  route(threadOperate, write, async ({ id, threadId, ...input }, { actor, lang }) => {
    const tid = threadId ?? id;
    if (!tid) throw invalid('threadId is required');
    return d.reactions.operate(actor, tid, input, lang);
  });
  route(threadViewCount, { keepsGuestCache: true }, async (input, { actor }) =>
    d.reactions.view(actor, input.threadId),
  );
  route(threadShare, { keepsGuestCache: true }, async (input, { actor }) =>
    d.reactions.share(actor, input.threadId),
  );
  route(userThreadStick, write, async (input, { actor }) =>
    d.reactions.userStick(actor, input.threadId, input.status),
  );
  route(voteThread, write, async (input, { actor }) =>
    d.votes.vote(actor, input.threadId, input.vote.id, input.vote.subitemIds),
  );
  route(captchaIssue, { keepsGuestCache: true }, async () => d.captcha.issue());

  route(postsList, { ...guestRead, ...posts, payExempt: true }, async (input, { actor }) =>
    d.posts.list(actor, input),
  );
  route(postsDetail, { ...guestRead, ...posts }, async (input, { actor }) =>
    d.posts.detail(actor, input.postId, input.cursor, input.perPage),
  );
  route(postsCreate, { ...write, ...posts }, async (input, { actor }) => d.posts.create(actor, input));
  route(postsUpdate, write, async ({ postId, data, ...flat }, { actor }) =>
    d.postsUpdater.update(actor, postId, { ...flat, ...data?.attributes }),
  );
  route(postsPosition, guestRead, async (input, { actor }) =>
    d.posts.position(actor, input.threadId, input.postId, input.perPage),
  );
}
