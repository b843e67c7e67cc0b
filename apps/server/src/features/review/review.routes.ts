import {
  managePostList,
  managePurge,
  manageSubmitReview,
  manageThreadList,
  threadsBatch,
} from '@forum/contracts';
import type { Route } from '../../platform/http/router.js';
import type { ReviewService } from './review.service.js';
import type { ThreadsBatch } from './threads.port.js';

/** Mounts the administrator's content lists, review queue, batch actions and purge (issue 10 §6). */
export function registerReviewRoutes(route: Route, review: ReviewService, batch: ThreadsBatch): void {
  const admin = { admin: true };
  route(manageThreadList, admin, async ({ page, perPage, ...filter }) =>
    review.threads(filter, page, perPage),
  );
  route(managePostList, admin, async ({ page, perPage, ...filter }) => review.replies(filter, page, perPage));
  route(manageSubmitReview, admin, async (input, { actor }) => ({
    done: await review.decide(actor, input.kind, input.ids, input.action, input.reason),
  }));
  route(threadsBatch, admin, async (input, { actor }) => ({ done: await batch.apply(actor, input) }));
  route(managePurge, admin, async (input) => ({ purged: await batch.purge(input.kind, input.ids) }));
}
