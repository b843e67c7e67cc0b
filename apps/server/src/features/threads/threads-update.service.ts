import { Code, THREAD_TEXT_MAX, type ThreadItem } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import type { Lang } from '../../platform/http/lang.js';
import { inTransaction } from '../../platform/db/tx.js';
import { AppError, invalid } from '../../platform/http/errors.js';
import { linkTopics } from '../topics/index.js';
import { findFirstPost, updatePost } from '../posts/index.js';
import type { ThreadsDeps } from './threads.deps.js';
import type { ThreadsReader } from './threads-read.service.js';
import { findThread, findToms, updateThread, type ThreadRow } from './threads.repository.js';
import { parseToms, publishToms, saveToms } from './thread-toms.writer.js';
import {
  applyCounts,
  authorizePosition,
  checkSpeed,
  positionCols,
  priceCols,
  requireCategory,
  requireThread,
  type ThreadWrite,
} from './thread-write.rules.js';

/** `thread.update`: own threads with editOwnThreadOrPost, any with thread.edit; indexes replace the blocks. */
export async function editThread(
  deps: ThreadsDeps,
  reader: ThreadsReader,
  actor: Actor,
  threadId: number,
  input: ThreadWrite,
  lang: Lang,
): Promise<ThreadItem> {
  const { gate } = deps;
  const before = await requireThread(deps, threadId);
  const res = { categoryId: before.categoryId, ownerId: before.userId };
  const own = actor.userId === before.userId;
  if (!(gate.can(actor, 'thread.edit', res) || (own && gate.can(actor, 'thread.editOwnThreadOrPost', res)))) {
    throw new AppError(Code.UNAUTHORIZED, '', { ability: 'thread.edit' });
  }
  const categoryId =
    input.categoryId !== undefined ? requireCategory(deps, input.categoryId) : before.categoryId;
  if (categoryId !== before.categoryId) gate.authorize(actor, 'createThread', { categoryId });
  if (input.anonymous && !before.isAnonymous) gate.authorize(actor, 'thread.allowAnonymous', { categoryId });
  authorizePosition(deps, actor, categoryId, input.position);
  const prices = priceCols(deps, actor, categoryId, input, before);
  if (input.draft === true && !before.isDraft)
    throw invalid('draft: a published thread cannot go back to draft');
  const publishing = before.isDraft && input.draft === false;
  const first = await findFirstPost(deps.db, threadId);
  const newText = input.content?.text ?? null;
  const prepared = deps.content.prepare(
    newText ?? first?.content ?? '',
    input.title ?? before.title,
    THREAD_TEXT_MAX,
  );
  const tomsIn = input.content ? parseToms(deps, actor, categoryId, input.content.indexes) : null;

  const after = await inTransaction(deps.db, async (tx) => {
    const locked = (await findThread(tx, threadId, true))!;
    if (publishing && actor.userId != null) await checkSpeed(deps, tx, actor, actor.userId);
    const patch: Partial<ThreadRow> = {
      title: prepared.title,
      categoryId,
      // An edit that hits a review word sends the thread back to review; a clean edit keeps its state.
      isApproved: prepared.isApproved === 0 ? 0 : locked.isApproved,
      ...(input.anonymous !== undefined && { isAnonymous: input.anonymous }),
      ...(input.position && positionCols(input.position)),
      ...prices,
      ...(publishing && { isDraft: false, issueAt: new Date() }),
    };
    const topicIds = await deps.topics.linkThread(
      tx,
      threadId,
      before.userId,
      `${prepared.title}\n${prepared.text}`,
    );
    if (first && (newText !== null || prepared.isApproved === 0)) {
      await updatePost(tx, first.id, {
        content: linkTopics(prepared.html, topicIds),
        isApproved: patch.isApproved!,
        modWords: prepared.modWords,
      });
    }
    const owner = { threadId, postId: first?.id ?? 0, authorId: before.userId, draft: locked.isDraft };
    let saved: Array<{ key: string; tomType: string; body: unknown }> | null = null;
    if (tomsIn) {
      const previous = await findToms(tx, [threadId]);
      saved = await saveToms(deps, tx, actor, owner, tomsIn, previous);
      patch.tomTypes = [...new Set(saved.map((t) => t.tomType))];
    }
    if (publishing) await publishToms(deps, tx, actor, owner, saved ?? (await findToms(tx, [threadId])));
    const paid = { price: patch.price ?? locked.price, freeWords: patch.freeWords ?? locked.freeWords };
    const row = await updateThread(tx, threadId, patch, { ...prepared, ...paid });
    await applyCounts(tx, locked, row);
    return row;
  });
  deps.cards.drop(threadId);
  return reader.present(actor, after, lang);
}
