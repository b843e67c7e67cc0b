import {
  emojiList,
  topicsBatchDelete,
  topicsBatchUpdate,
  topicsList,
  topicViewCount,
} from '@forum/contracts';
import type { FastifyRequest } from 'fastify';
import type { OriginalContext, Route } from '../../platform/http/router.js';
import type { TopicsService } from './topics.service.js';

/** Mounts `topics.list`, `topic.view`, `emoji` and the administrator's topic batches. */
export function registerTopicsRoutes(
  route: Route,
  topics: TopicsService,
  /** The site's public origin (its setting, PUBLIC_URL, else the address asked): emoji URLs are absolute. */
  origin: (req: FastifyRequest) => string,
  /** The list as the original Discuz! Q clients read it: each topic with its threads (the threads feature's). */
  original?: (data: unknown, ctx: OriginalContext) => Promise<unknown>,
): void {
  route(topicsList, { guestCache: true, original }, async (input) =>
    topics.list({ ...input.filter, sortBy: input.sortBy, page: input.page, perPage: input.perPage }),
  );
  // Counted by the topic page in the browser only; view counts change nothing a cached guest page needs at once.
  route(topicViewCount, { keepsGuestCache: true }, async (input) => topics.view(input.topicId));
  // The same for everyone: members share it per group as guests do.
  route(emojiList, { siteClosedExempt: true, payExempt: true, groupCache: true }, async (_input, { req }) =>
    topics.emoji(origin(req)),
  );
  route(topicsBatchUpdate, { admin: true }, async (input) => ({
    updated: await topics.recommend(input.ids, input.recommended),
  }));
  route(topicsBatchDelete, { admin: true }, async (input) => ({ deleted: await topics.remove(input.ids) }));
}
