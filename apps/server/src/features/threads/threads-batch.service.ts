import { Code } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { inTransaction } from '../../platform/db/tx.js';
import { AppError } from '../../platform/http/errors.js';
import { purgePosts, purgeThreads } from './purge.repository.js';
import { MAX_STICKY } from '../reactions/index.js';
import type { BatchInput, ReviewService } from '../review/index.js';
import { applyCounts, requireCategory } from './thread-write.rules.js';
import type { ThreadsDeps } from './threads.deps.js';
import { countSticky } from './threads-list.repository.js';
import { findThread, isCountedThread, updateThread, type ThreadRow } from './threads.repository.js';

/**
 * The administrator's batch actions on content (issue 10 §6): move, pin, essence, recommend, delete or
 * restore threads, one transaction per thread so counters move with each; purge the recycle bin for good.
 */
export class ThreadsBatch {
  constructor(
    private readonly deps: ThreadsDeps,
    private readonly review: ReviewService,
  ) {}

  /** Applies the changes; returns the ids of the threads that changed. Marks skip unpublished threads. */
  async apply(actor: Actor, input: BatchInput): Promise<number[]> {
    if (input.categoryId !== undefined) requireCategory(this.deps, input.categoryId);
    const done = new Set<number>();
    const ids = [...new Set(input.ids)];
    for (const id of ids) {
      const changed = await inTransaction(this.deps.db, async (tx) => {
        const before = await findThread(tx, id, true);
        if (!before || before.deletedAt) return false;
        const patch = this.patchFor(before, input);
        if (input.isSticky && !before.isSticky && (await countSticky(tx)) >= MAX_STICKY) {
          throw new AppError(Code.RESOURCE_EXIST, {
            zh: `最多置顶 ${MAX_STICKY} 个帖子`,
            en: `At most ${MAX_STICKY} threads can be pinned`,
          });
        }
        if (!Object.keys(patch).length) return false;
        const after = await updateThread(tx, id, patch);
        await applyCounts(tx, before, after);
        return true;
      });
      if (changed) done.add(id);
    }
    if (input.isDeleted !== undefined) {
      const action = input.isDeleted ? 'delete' : 'restore';
      for (const id of await this.review.decide(actor, 'thread', ids, action, input.reason)) done.add(id);
    }
    return [...done];
  }

  /** Removes threads or replies in the recycle bin for good, then their files. */
  async purge(kind: 'thread' | 'post', ids: number[]): Promise<number[]> {
    const { purged, removeFiles } = await inTransaction(this.deps.db, async (tx) => {
      const r = kind === 'thread' ? await purgeThreads(tx, ids) : await purgePosts(tx, ids);
      return { purged: r.ids, removeFiles: await this.deps.files.purge(tx, r.postIds) };
    });
    await removeFiles();
    return purged;
  }

  private patchFor(t: ThreadRow, input: BatchInput): Partial<ThreadRow> {
    // Marks are for published, approved threads (as `threads/operate`); taking a mark off always works.
    const markable = isCountedThread(t);
    const mark = (want: boolean | undefined, has: boolean) =>
      want !== undefined && want !== has && (!want || markable);
    return {
      ...(input.categoryId !== undefined &&
        input.categoryId !== t.categoryId && { categoryId: input.categoryId }),
      ...(mark(input.isSticky, t.isSticky) && { isSticky: input.isSticky }),
      ...(mark(input.isEssence, t.isEssence) && { isEssence: input.isEssence }),
      ...(mark(input.isSite, t.isSite) && { isSite: input.isSite }),
    };
  }
}
