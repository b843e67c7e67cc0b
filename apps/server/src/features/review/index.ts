/** Review: the administrator's held threads and replies, their decisions, and the batch and purge routes. */
export { ReviewService, type ReviewAction } from './review.service.js';
export { registerReviewRoutes } from './review.routes.js';
export type { BatchInput, ContentRows, ReviewDeps, ReviewedPosts, ThreadsBatch } from './threads.port.js';
