import type { AttachmentItem, PostItem } from '@forum/contracts';
import type { Gate } from '../../platform/access/gate.js';
import type { Actor } from '../../platform/auth/actor.js';
import { shownUser, shownUserId } from './anonymity.policy.js';
import type { PostRow } from './posts.repository.js';
import type { PostThread as ThreadRow } from './threads.port.js';

/** Users and likes loaded for presenting posts. */
export interface PostBundle {
  users: Map<number, { id: number; nickname: string; username: string; avatar: string }>;
  liked: Set<number>;
  comments: Map<number, PostRow[]>;
  /** Uploads bound to each post, in order. */
  files: Map<number, AttachmentItem[]>;
}

/** The actor's abilities on a post. */
export function postAbility(gate: Gate, actor: Actor, thread: ThreadRow, p: PostRow): PostItem['ability'] {
  const res = { categoryId: thread.categoryId, ownerId: p.userId };
  const own = actor.userId != null && actor.userId === p.userId;
  return {
    canEdit:
      gate.can(actor, 'thread.edit', res) || (own && gate.can(actor, 'thread.editOwnThreadOrPost', res)),
    canDelete:
      gate.can(actor, 'thread.hidePosts', res) || (own && gate.can(actor, 'thread.hideOwnThreadOrPost', res)),
    canLike: !actor.isGuest && gate.can(actor, 'thread.likePosts', res),
    canReply: !actor.isGuest && gate.can(actor, 'thread.reply', res),
    canApprove: actor.isAdmin,
  };
}

/** A user a post names (author, replied-to, commented-on), as anonymity.policy.ts lets the actor see them. */
function userOf(actor: Actor, thread: ThreadRow, b: PostBundle, id: number) {
  if (!id) return null;
  const u = b.users.get(id);
  const card = {
    userId: id,
    nickname: u?.nickname || u?.username || '',
    avatar: u?.avatar ?? '',
    groupName: '',
    // The original's post user: `id` and `groups` as its clients read them (no group badge on replies here).
    id,
    isRealName: false,
    groups: { id: 0, name: '', isDisplay: false },
  };
  return shownUser(actor, thread, card);
}

/** Plain text of a reply's HTML for the original clients' `summaryText`. */
function summaryOf(html: string): string {
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH)}...` : text;
}
const SUMMARY_LENGTH = 100;

function base(gate: Gate, actor: Actor, thread: ThreadRow, p: PostRow, b: PostBundle) {
  const ability = postAbility(gate, actor, thread, p);
  const files = b.files.get(p.id) ?? [];
  return {
    id: p.id,
    postId: p.id,
    threadId: p.threadId,
    userId: shownUserId(actor, thread, p.userId),
    replyPostId: p.replyPostId,
    replyUserId: shownUserId(actor, thread, p.replyUserId),
    commentPostId: p.commentPostId,
    commentUserId: shownUserId(actor, thread, p.commentUserId),
    floor: p.seq,
    content: p.content,
    replyCount: p.replyCount,
    likeCount: p.likeCount,
    isFirst: p.isFirst,
    isComment: p.isComment,
    isApproved: p.isApproved,
    isLiked: b.liked.has(p.id),
    isDeleted: p.deletedAt != null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    user: userOf(actor, thread, b, p.userId)!,
    replyUser: userOf(actor, thread, b, p.replyUserId),
    commentUser: userOf(actor, thread, b, p.commentUserId),
    ability,
    attachments: files,
    // The original's flat fields, read by its clients (the h5 comment list reads `images.length` of every reply).
    images: files.filter((f) => f.type === 1),
    summaryText: summaryOf(p.content),
    rewards: 0,
    redPacketAmount: 0,
    canLike: ability.canLike,
    canEdit: ability.canEdit,
    canDelete: ability.canDelete,
    canHide: ability.canDelete,
    canApprove: ability.canApprove,
  };
}

/** A post with its first comments, as the contract's shape. */
export function presentPost(
  gate: Gate,
  actor: Actor,
  thread: ThreadRow,
  p: PostRow,
  b: PostBundle,
): PostItem {
  return {
    ...base(gate, actor, thread, p, b),
    lastThreeComments: (b.comments.get(p.id) ?? []).map((c) => base(gate, actor, thread, c, b)),
  };
}

/** A comment (no nested comments). */
export function presentComment(gate: Gate, actor: Actor, thread: ThreadRow, p: PostRow, b: PostBundle) {
  return base(gate, actor, thread, p, b);
}
