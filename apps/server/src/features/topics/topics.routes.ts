import { emojiList, topicsList } from '@forum/contracts';
import type { Route } from '../../platform/http/router.js';
import type { TopicsService } from './topics.service.js';

/** Mounts `topics.list` and `emoji`. */
export function registerTopicsRoutes(route: Route, topics: TopicsService): void {
  route(topicsList, { guestCache: true }, async (input) =>
    topics.list({ ...input.filter, sortBy: input.sortBy, page: input.page, perPage: input.perPage }),
  );
  route(emojiList, { siteClosedExempt: true, guestCache: true }, async () => topics.emoji());
}
