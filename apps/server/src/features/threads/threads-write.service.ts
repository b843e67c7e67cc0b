import { Code, type ThreadItem } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import type { Lang } from '../../platform/http/lang.js';
import { inTransaction } from '../../platform/db/tx.js';
import { AppError } from '../../platform/http/errors.js';
import type { ThreadsDeps } from './threads.deps.js';
import type { ThreadsReader } from './threads-read.service.js';
import { findThread, findUserStick, setUserStick, updateThread } from './threads.repository.js';
import { createThread } from './threads-create.service.js';
import { editThread } from './threads-update.service.js';
import { applyCounts, requireThread, type ThreadWrite } from './thread-write.rules.js';

export type { ThreadWrite } from './thread-write.rules.js';

/**
 * Creating, editing and deleting threads, with every gate of reference §1.3. Create and edit live in their
 * own files (`threads-create.service.ts`, `threads-update.service.ts`); the shared gates in
 * `thread-write.rules.ts` and the block handling in `thread-toms.writer.ts`.
 */
export class ThreadsWriter {
  constructor(
    private readonly deps: ThreadsDeps,
    private readonly reader: ThreadsReader,
  ) {}

  /** `thread.create`. */
  create(actor: Actor, input: ThreadWrite & { categoryId: number }, lang: Lang): Promise<ThreadItem> {
    return createThread(this.deps, this.reader, actor, input, lang);
  }

  /** `thread.update`: own threads with editOwnThreadOrPost, any with thread.edit. */
  update(actor: Actor, threadId: number, input: ThreadWrite, lang: Lang): Promise<ThreadItem> {
    return editThread(this.deps, this.reader, actor, threadId, input, lang);
  }

  /** `thread.delete`: soft, recording who; own threads with hideOwnThreadOrPost, any with thread.hide. */
  async remove(actor: Actor, threadId: number): Promise<{ threadId: number }> {
    const { gate } = this.deps;
    const t = await requireThread(this.deps, threadId);
    const res = { categoryId: t.categoryId, ownerId: t.userId };
    const own = actor.userId === t.userId;
    if (!(
      gate.can(actor, 'thread.hide', res) ||
      (own && gate.can(actor, 'thread.hideOwnThreadOrPost', res))
    )) {
      throw new AppError(Code.UNAUTHORIZED, '', { ability: 'thread.hide' });
    }
    await inTransaction(this.deps.db, async (tx) => {
      const locked = (await findThread(tx, threadId, true))!;
      if (locked.deletedAt) return;
      const row = await updateThread(tx, threadId, {
        deletedAt: new Date(),
        deletedUserId: actor.userId,
        isSticky: false,
      });
      await this.deps.topics.unlinkThread(tx, threadId);
      if ((await findUserStick(tx, t.userId)) === threadId) await setUserStick(tx, t.userId, null);
      await applyCounts(tx, locked, row);
    });
    this.deps.events.emit('thread.deleted', { threadId, userId: t.userId });
    return { threadId };
  }
}
