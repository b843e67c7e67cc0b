import type { Actor } from '../../platform/auth/actor.js';
import { recommendThreads as recommend } from '../recommends/index.js';
import { sharedText } from './paid.policy.js';
import type { ThreadsDeps } from './threads.deps.js';
import { findFirstPosts, threadColumns, visibleThreads, type Viewer } from './threads.repository.js';

/** `thread.recommends` with threads' rows, visibility rule and free part handed to the recommends port. */
export function recommendThreads(
  deps: ThreadsDeps,
  actor: Actor,
  viewer: Viewer,
  limit: number,
  categoryIds: number[] | undefined,
) {
  const port = {
    db: deps.db,
    columns: threadColumns,
    visible: visibleThreads(viewer),
    firstPosts: findFirstPosts,
    sharedText,
  };
  return recommend(port, actor, viewer, limit, categoryIds);
}
