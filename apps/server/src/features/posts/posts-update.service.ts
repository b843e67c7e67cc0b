import { Code, POST_TEXT_MAX, type PostItem } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { inTransaction } from '../../platform/db/tx.js';
import { AppError, invalid, notFound } from '../../platform/http/errors.js';
import { linkTopics } from '../topics/index.js';
import {
  becameApproved,
  bumpPost,
  deleteLike,
  findPost,
  insertLike,
  updatePost,
  type PostRow,
} from './posts.repository.js';
import { requireAbility, type PostsService } from './posts.service.js';
import { likeNotice } from './notices.js';

/** `posts.update` changes (flat or under `data.attributes`). */
export interface PostChanges {
  content?: string;
  isLiked?: boolean;
  isDeleted?: boolean;
  isApproved?: number;
}

/** Editing, liking, deleting and approving posts; every change has its own permission. */
export class PostsUpdater {
  constructor(private readonly posts: PostsService) {}

  /** Applies the changes in one transaction, each authorised separately. */
  async update(actor: Actor, postId: number, changes: PostChanges): Promise<PostItem> {
    if (actor.isGuest || actor.userId == null) throw new AppError(Code.JUMP_TO_LOGIN);
    const userId = actor.userId;
    const { deps, threads } = this.posts;
    const { gate } = deps;
    const restoring = changes.isDeleted === false;
    const post =
      restoring && actor.isAdmin
        ? await findPost(deps.db, postId)
        : await this.posts.visiblePost(actor, postId);
    if (!post) throw notFound();
    const thread = await threads.visibleThread(actor, post.threadId);
    const res = { categoryId: thread.categoryId, ownerId: post.userId };
    const own = post.userId === userId;
    const prepared =
      changes.content !== undefined ? deps.content.prepare(changes.content, '', POST_TEXT_MAX) : null;
    if (prepared) {
      requireAbility(
        gate.can(actor, 'thread.edit', res) || (own && gate.can(actor, 'thread.editOwnThreadOrPost', res)),
        'thread.edit',
      );
      if (post.isFirst) throw invalid('postId: edit the thread with thread.update');
    }
    if (changes.isLiked !== undefined) {
      requireAbility(gate.can(actor, 'thread.likePosts', res), 'thread.likePosts');
      if (post.isApproved !== 1) throw invalid('pending posts cannot be liked');
    }
    if (changes.isDeleted !== undefined) {
      if (post.isFirst) throw invalid('postId: delete the thread with thread.delete');
      if (changes.isDeleted) {
        requireAbility(
          gate.can(actor, 'thread.hidePosts', res) ||
            (own && gate.can(actor, 'thread.hideOwnThreadOrPost', res)),
          'thread.hidePosts',
        );
      } else requireAbility(actor.isAdmin, 'thread.hidePosts');
    }
    if (changes.isApproved !== undefined) requireAbility(actor.isAdmin, 'approve');

    let liked = false;
    let approved = false;
    const row = await inTransaction(deps.db, async (tx) => {
      const before = (await findPost(tx, postId, true))!;
      let after: PostRow = before;
      if (changes.isLiked !== undefined) {
        const changed = changes.isLiked
          ? await insertLike(tx, postId, userId)
          : await deleteLike(tx, postId, userId);
        if (changed) {
          liked = changes.isLiked;
          const d = changes.isLiked ? 1 : -1;
          after = (await bumpPost(tx, postId, { likeCount: d }))!;
          // The first post carries the thread's likes.
          if (post.isFirst) await threads.bumpThread(tx, post.threadId, { likeCount: d });
          await threads.bumpUser(tx, post.userId, { likedCount: d });
        }
      }
      const patch: Partial<PostRow> = {};
      if (prepared) {
        // `#topic#` links like a new reply's; new topics are the author's, even when a moderator edits.
        const topicIds = await deps.topics.linkPost(tx, post.userId, prepared.text);
        patch.content = linkTopics(prepared.html, topicIds);
        if (prepared.isApproved === 0) Object.assign(patch, { isApproved: 0, modWords: prepared.modWords });
      }
      if (changes.isDeleted !== undefined) {
        Object.assign(
          patch,
          changes.isDeleted
            ? { deletedAt: new Date(), deletedUserId: userId }
            : { deletedAt: null, deletedUserId: null },
        );
      }
      if (changes.isApproved !== undefined) patch.isApproved = changes.isApproved;
      if (Object.keys(patch).length) after = await updatePost(tx, postId, patch);
      approved = becameApproved(before, after);
      await this.posts.applyCounts(tx, before, after);
      if (prepared) await deps.content.recordMentions(tx, postId, post.userId, patch.content!, prepared.text);
      return after;
    });
    // A held reply approved here gets what an approved reply gets at once (a red packet share).
    if (approved) await this.posts.replied(row);
    if (liked) {
      await deps.notify([likeNotice(thread, post, userId)]);
      const { threadId, id: postId, userId: postUserId, likeCount, isFirst } = row;
      await deps.postEvents({ type: 'liked', threadId, postId, postUserId, likeCount, isFirst });
    }
    return (await this.posts.present(actor, thread, [row]))[0]!;
  }
}
