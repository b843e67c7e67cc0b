import { ReviewService as Review, type ContentRows } from '../review/index.js';
import { becameApproved, findPost, updatePost } from '../posts/index.js';
import type { PostsService } from './posts.wiring.js';
import { applyCounts } from './thread-write.rules.js';
import type { ThreadsDeps } from './threads.deps.js';
import { findThread, updateThread } from './threads.repository.js';

/** Threads' and posts' rows as the review feature's port asks for them. */
const rows: ContentRows = {
  findThread,
  updateThread,
  applyThreadCounts: applyCounts,
  findPost,
  updatePost,
  becameApproved,
};

/** The review plugged into threads' rows; index.ts makes it from the deps and the posts service. */
export class ReviewService extends Review {
  constructor(deps: ThreadsDeps, posts: PostsService) {
    super(deps, posts, rows);
  }
}
