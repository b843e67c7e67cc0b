import { PostsService as Posts, type PostsThreads } from '../posts/index.js';
import { isPriced } from './paid.policy.js';
import type { ThreadsReader } from './threads-read.service.js';
import type { ThreadsDeps } from './threads.deps.js';
import { bumpThread, bumpUser } from './threads.repository.js';

/** The posts service plugged into threads' reader, counters and paid rule; index.ts makes it as before. */
export class PostsService extends Posts {
  constructor(deps: ThreadsDeps, reader: ThreadsReader) {
    const threads: PostsThreads = {
      visibleThread: (actor, threadId) => reader.visibleThread(actor, threadId),
      seenBy: (actor, thread) => reader.seenBy(actor, thread),
      bumpThread,
      bumpUser,
      isPriced,
    };
    super(deps, threads);
  }
}
