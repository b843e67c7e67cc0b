import { managePostList, manageSubmitReview, manageThreadList } from '@forum/contracts';
import type { Route } from '../../platform/http/router.js';
import type { ReviewService } from './review.service.js';

/** Mounts the administrator's review queue (issue 10 §6); -4002 for anyone else. */
export function registerReviewRoutes(route: Route, review: ReviewService): void {
  const admin = { admin: true };
  route(manageThreadList, admin, async (input) =>
    review.threads(input.isApproved, input.isDeleted, input.page, input.perPage),
  );
  route(managePostList, admin, async (input) =>
    review.replies(input.isApproved, input.isDeleted, input.page, input.perPage),
  );
  route(manageSubmitReview, admin, async (input, { actor }) => ({
    done: await review.decide(actor, input.kind, input.ids, input.action, input.reason),
  }));
}
