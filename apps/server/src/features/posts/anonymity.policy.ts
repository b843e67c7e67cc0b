import type { Actor } from '../../platform/auth/actor.js';

/**
 * Who an author is, for every viewer: the one rule every presenter applies before a user leaves the server
 * (docs/architecture.md, "Author visibility"). Rules live here, never in a presenter's own `if`.
 */

/** The name shown in place of a hidden author (the original's 匿名用户). */
export const ANONYMOUS_NICKNAME = '匿名用户';

/** What anonymity depends on: the thread's author and its anonymous flag. */
export interface AnonymityScope {
  userId: number;
  isAnonymous: boolean;
}

/**
 * True when `actor` may learn that user `userId` is behind something inside `thread` (as author of the thread,
 * a reply or a comment, as the user a comment answers, or as a liker). In an anonymous thread its author stays
 * hidden in every one of those roles, so their own replies cannot unmask the thread (the original keeps the
 * author's posts in their anonymous thread anonymous); other people's posts are never anonymous. The author
 * and administrators see the real user (the original's admin view); everyone else, moderators included, not.
 */
export function revealsUser(actor: Actor, thread: AnonymityScope, userId: number): boolean {
  if (!thread.isAnonymous || userId !== thread.userId) return true;
  return actor.userId === userId || actor.isAdmin;
}

/** The user id `actor` may see in `thread`: the real one, or 0 for the anonymous user. */
export function shownUserId(actor: Actor, thread: AnonymityScope, userId: number): number {
  return revealsUser(actor, thread, userId) ? userId : 0;
}

/**
 * A user card (author, liker, replied-to user) as `actor` may see it in `thread`: itself, or the anonymous user
 * with every field blanked except `keep` (facts about the act, such as when a like was given), so a field added
 * to a card later is hidden by default.
 */
export function shownUser<T extends { userId: number; nickname: string }>(
  actor: Actor,
  thread: AnonymityScope,
  user: T,
  keep: ReadonlyArray<keyof T> = [],
): T {
  if (revealsUser(actor, thread, user.userId)) return user;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(user)) out[k] = keep.includes(k as keyof T) ? v : blanked(v);
  return { ...out, nickname: ANONYMOUS_NICKNAME } as T;
}

/** The empty value of the same shape: '' for strings, 0, false, [] and objects blanked field by field. */
export function blanked<T>(value: T): T {
  if (typeof value === 'string') return '' as T;
  if (typeof value === 'number') return 0 as T;
  if (typeof value === 'boolean') return false as T;
  if (Array.isArray(value)) return [] as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, blanked(v)])) as T;
  }
  return value;
}

/** What post visibility depends on. */
export interface PostState {
  userId: number;
  isApproved: number;
  deletedAt: Date | null;
}

/**
 * True when `actor` may read a post by id: not deleted, and approved unless it is their own or they are an
 * administrator. Anything else answers -4004, as if it did not exist. `visiblePosts` in posts.repository.ts is
 * the same rule as a query scope for lists.
 */
export function postVisibleTo(actor: Actor, post: PostState): boolean {
  return post.deletedAt == null && (post.isApproved === 1 || post.userId === actor.userId || actor.isAdmin);
}
