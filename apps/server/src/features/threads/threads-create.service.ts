import { Code, THREAD_TEXT_MAX, type ThreadItem } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import type { Lang } from '../../platform/http/lang.js';
import { inTransaction } from '../../platform/db/tx.js';
import { AppError, invalid } from '../../platform/http/errors.js';
import { linkTopics } from '../topics/index.js';
import { insertPost, threadMentionNotices } from '../posts/index.js';
import type { ThreadsDeps } from './threads.deps.js';
import type { ThreadsReader } from './threads-read.service.js';
import { insertThread, updateThread } from './threads.repository.js';
import { parseToms, saveToms } from './thread-toms.writer.js';
import {
  applyCounts,
  authorizePosition,
  checkGates,
  checkSpeed,
  positionCols,
  priceCols,
  requireCategory,
  type ThreadWrite,
} from './thread-write.rules.js';

/** `thread.create` with every gate of reference §1.3: thread row, first post, topics, blocks, counts. */
export async function createThread(
  deps: ThreadsDeps,
  reader: ThreadsReader,
  actor: Actor,
  input: ThreadWrite & { categoryId: number },
  lang: Lang,
): Promise<ThreadItem> {
  const { gate } = deps;
  if (actor.isGuest || actor.userId == null) throw new AppError(Code.JUMP_TO_LOGIN);
  const userId = actor.userId;
  const categoryId = requireCategory(deps, input.categoryId);
  const res = { categoryId };
  gate.authorize(actor, 'createThread', res);
  await checkGates(deps, actor, categoryId, input);
  if (input.anonymous) gate.authorize(actor, 'thread.allowAnonymous', res);
  authorizePosition(deps, actor, categoryId, input.position);
  const prices = priceCols(deps, actor, categoryId, input);
  const tomsIn = parseToms(deps, actor, categoryId, input.content?.indexes ?? {});
  // Plugins' filters see (and may change or refuse) the text before anything is checked or written.
  const { title, text } = await deps.events.filterThread({
    title: input.title ?? '',
    text: input.content?.text ?? '',
    categoryId,
    userId,
  });
  if (!text.trim() && !tomsIn.length) throw invalid('content: text or a content block is required');
  const prepared = deps.content.prepare(text, title, THREAD_TEXT_MAX);
  const draft = input.draft ?? false;

  const thread = await inTransaction(deps.db, async (tx) => {
    if (!draft) await checkSpeed(deps, tx, actor, userId);
    const now = new Date();
    const row = await insertThread(
      tx,
      {
        userId,
        categoryId,
        title: prepared.title,
        isAnonymous: input.anonymous ?? false,
        isDraft: draft,
        isApproved: prepared.isApproved,
        issueAt: draft ? null : now,
        postedAt: now,
        ...positionCols(input.position),
        ...prices,
      },
      prepared,
    );
    const topicIds = await deps.topics.linkThread(tx, row.id, userId, `${prepared.title}\n${prepared.text}`);
    const html = linkTopics(prepared.html, topicIds);
    const post = await insertPost(tx, {
      threadId: row.id,
      userId,
      content: html,
      isFirst: true,
      isApproved: prepared.isApproved,
      modWords: prepared.modWords,
    });
    const owner = { threadId: row.id, postId: post.id, authorId: userId, draft };
    const saved = await saveToms(deps, tx, actor, owner, tomsIn, []);
    const withTypes = await updateThread(tx, row.id, {
      tomTypes: [...new Set(saved.map((t) => t.tomType))],
    });
    const mentioned = await deps.content.recordMentions(tx, post.id, userId, html, prepared.text);
    await applyCounts(tx, null, withTypes);
    return { row: withTypes, html, mentioned };
  });
  await deps.notify(threadMentionNotices(thread.row, thread.html, thread.mentioned));
  if (!draft) {
    const { id: threadId, title: saved } = thread.row;
    deps.events.emit('thread.created', { threadId, userId, categoryId, title: saved });
  }
  return reader.present(actor, thread.row, lang);
}
