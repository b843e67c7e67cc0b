import { and, inArray } from 'drizzle-orm';
import type { OverlayContent } from '../overlay/index.js';
import type { PostsService } from './posts.wiring.js';
import { personalise, presentList } from './thread-list-items.js';
import type { ThreadsReader } from './threads-read.service.js';
import type { ThreadsDeps } from './threads.deps.js';
import { threadColumns, visibleThreads } from './threads.repository.js';
import { threads as threadsTable } from './threads.table.js';

/** Threads' reader, list presenters and caches, and the posts service, as the overlay's port asks for them. */
export function overlayContent(
  deps: ThreadsDeps,
  reader: ThreadsReader,
  posts: PostsService,
): OverlayContent {
  return {
    db: deps.db,
    lists: deps.lists,
    threads: {
      viewer: (actor) => reader.viewer(actor),
      visibleAmong: (v, ids) =>
        deps.db
          .select(threadColumns)
          .from(threadsTable)
          .where(and(inArray(threadsTable.id, ids), visibleThreads(v))),
      visibleThread: (actor, id) => reader.visibleThread(actor, id),
      presentList: (actor, rows, lang) => presentList(deps, actor, rows, null, lang),
      personalise: (actor, page, lang) => personalise(deps, actor, page, null, lang),
    },
    posts,
  };
}
