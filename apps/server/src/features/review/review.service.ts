import type { NoticeEvent, ReviewItem } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { htmlToText } from '../../platform/content/sanitize.js';
import { inTransaction } from '../../platform/db/tx.js';
import type { Notice } from '../notifications/index.js';
import {
  postsForReview,
  setFirstPostsApproval,
  threadsForReview,
  type ManageFilter,
} from './review.repository.js';
import type {
  ContentRows,
  ReviewDeps,
  ReviewedPosts,
  ReviewedPost as PostRow,
  ReviewedThread as ThreadRow,
} from './threads.port.js';
import { pageReply } from '../../platform/http/page.js';

/** What each decision sets, and what the author is told. */
const DECISIONS = {
  pass: { isApproved: 1, event: 'content.approved' },
  ignore: { isApproved: 2, event: 'content.rejected' },
  delete: { isApproved: null, event: 'content.deleted' },
  restore: { isApproved: null, event: null },
} as const satisfies Record<string, { isApproved: number | null; event: NoticeEvent | null }>;

/** A decision. */
export type ReviewAction = keyof typeof DECISIONS;

/** One row of the admin's lists: a thread (with its first post) or a reply (with its thread). */
function item(kind: 'thread' | 'post', id: number, t: ThreadRow, p: PostRow, nickname: string): ReviewItem {
  const own = kind === 'thread' ? t : p;
  return {
    kind,
    id,
    threadId: t.id,
    title: t.title,
    text: htmlToText(p.content).slice(0, 300),
    modWords: words(p.modWords),
    isApproved: own.isApproved,
    isDeleted: own.deletedAt !== null,
    author: { userId: own.userId, nickname },
    createdAt: own.createdAt.toISOString(),
    categoryId: t.categoryId,
    isSticky: t.isSticky,
    isEssence: t.isEssence,
    isSite: t.isSite,
    postCount: t.postCount,
  };
}

const words = (s: string) =>
  s
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);

/**
 * The administrator's review (issue 10 §6): held threads and replies (stop words' `{MOD}`), pass, ignore or
 * delete each, counters moved in the same transaction, and the author told why.
 */
export class ReviewService {
  constructor(
    private readonly deps: ReviewDeps,
    private readonly posts: ReviewedPosts,
    private readonly rows: ContentRows,
  ) {}

  /** Threads by state (held, latest, ignored) or the recycle bin, filtered. */
  async threads(f: ManageFilter, page: number, perPage: number) {
    const { rows, total } = await threadsForReview(this.deps.db, f, perPage, (page - 1) * perPage);
    return pageReply(
      rows.map(({ t, p, nickname, username }) => item('thread', t.id, t, p, nickname || username || '')),
      page,
      perPage,
      total,
    );
  }

  /** Replies and comments by state or the recycle bin, filtered. */
  async replies(f: ManageFilter, page: number, perPage: number) {
    const { rows, total } = await postsForReview(this.deps.db, f, perPage, (page - 1) * perPage);
    return pageReply(
      rows.map(({ p, t, nickname, username }) => item('post', p.id, t, p, nickname || username || '')),
      page,
      perPage,
      total,
    );
  }

  /** Decides on threads or replies, one transaction each; returns the ids changed. */
  async decide(actor: Actor, kind: 'thread' | 'post', ids: number[], action: ReviewAction, reason: string) {
    const done: number[] = [];
    const notices: Notice[] = [];
    const approved: PostRow[] = [];
    const d = DECISIONS[action];
    for (const id of [...new Set(ids)]) {
      const told =
        kind === 'thread'
          ? await this.decideThread(actor, id, action)
          : await this.decidePost(actor, id, action);
      if (!told) continue;
      done.push(id);
      if (told.approvedReply) approved.push(told.approvedReply);
      if (d.event) {
        notices.push({
          event: d.event,
          userId: told.userId,
          senderId: null,
          threadId: told.threadId,
          postId: kind === 'post' ? id : null,
          threadTitle: told.title || `#${told.threadId}`,
          vars: { reason: reason || '-' },
        });
      }
    }
    await this.deps.notify(notices);
    for (const post of approved) await this.posts.replied(post);
    return done;
  }

  private async decideThread(actor: Actor, id: number, action: ReviewAction) {
    return inTransaction(this.deps.db, async (tx) => {
      const before = await this.rows.findThread(tx, id, true);
      if (!before) return null;
      const d = DECISIONS[action];
      let after = before;
      if (action === 'delete') {
        if (before.deletedAt) return null;
        after = await this.rows.updateThread(tx, id, {
          deletedAt: new Date(),
          deletedUserId: actor.userId,
          isSticky: false,
        });
      } else if (action === 'restore') {
        if (!before.deletedAt) return null;
        after = await this.rows.updateThread(tx, id, { deletedAt: null, deletedUserId: null });
      } else if (d.isApproved !== null && before.isApproved !== d.isApproved) {
        after = await this.rows.updateThread(tx, id, { isApproved: d.isApproved });
        await setFirstPostsApproval(tx, [id], d.isApproved);
      } else return null;
      await this.rows.applyThreadCounts(tx, before, after);
      return { userId: before.userId, threadId: id, title: before.title, approvedReply: null };
    });
  }

  private async decidePost(actor: Actor, id: number, action: ReviewAction) {
    return inTransaction(this.deps.db, async (tx) => {
      const before = await this.rows.findPost(tx, id, true);
      if (!before || before.isFirst) return null;
      const d = DECISIONS[action];
      let after = before;
      if (action === 'delete') {
        if (before.deletedAt) return null;
        after = await this.rows.updatePost(tx, id, { deletedAt: new Date(), deletedUserId: actor.userId });
      } else if (action === 'restore') {
        if (!before.deletedAt) return null;
        after = await this.rows.updatePost(tx, id, { deletedAt: null, deletedUserId: null });
      } else if (d.isApproved !== null && before.isApproved !== d.isApproved) {
        after = await this.rows.updatePost(tx, id, { isApproved: d.isApproved });
      } else return null;
      await this.posts.applyCounts(tx, before, after);
      const thread = await this.rows.findThread(tx, before.threadId);
      return {
        userId: before.userId,
        threadId: before.threadId,
        title: thread?.title ?? '',
        approvedReply: this.rows.becameApproved(before, after) ? after : null,
      };
    });
  }
}
