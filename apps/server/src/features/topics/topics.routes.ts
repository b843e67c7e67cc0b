import { emojiList, topicsList, topicViewCount } from '@forum/contracts';
import type { Route } from '../../platform/http/router.js';
import type { TopicsService } from './topics.service.js';

/** Mounts `topics.list`, `topic.view` and `emoji`. */
export function registerTopicsRoutes(route: Route, topics: TopicsService): void {
  route(topicsList, { guestCache: true }, async (input) =>
    topics.list({ ...input.filter, sortBy: input.sortBy, page: input.page, perPage: input.perPage }),
  );
  // Counted by the topic page in the browser only; view counts change nothing a cached guest page needs at once.
  route(topicViewCount, { keepsGuestCache: true }, async (input) => topics.view(input.topicId));
  route(emojiList, { siteClosedExempt: true, guestCache: true }, async () => topics.emoji());
}
