import { LikedUsersType } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import type { Db } from '../../platform/db/db.js';
import { listLikers } from '../posts/index.js';
import { presentLiker } from './threads.presenter.js';
import type { ThreadRow } from './threads.repository.js';
import type { SupporterEntry, SupporterKind, ThreadSupporters } from './supporters.port.js';
import type { Lang } from '../../platform/http/lang.js';

/** The paid orders each `type` of `thread.likedusers` lists (none for 1, likes only). */
const KINDS: Record<number, readonly SupporterKind[]> = {
  [LikedUsersType.ALL]: ['tip', 'paid'],
  [LikedUsersType.LIKES]: [],
  [LikedUsersType.ORDERS]: ['tip', 'paid'],
  [LikedUsersType.TIPS]: ['tip'],
  [LikedUsersType.PAID]: ['paid'],
};

/** What a page of `thread.likedusers` asks. */
export interface LikedUsersQuery {
  /** The post whose likes are listed (the first post for the thread): asked only when likes are listed. */
  likesOf: () => Promise<number>;
  /** That post's like count (the thread's for the thread), the count when likes are not listed. */
  likeCount: number;
  /** The thread itself, not a reply: tips and purchases are the thread's, a reply lists its likes alone. */
  wholeThread: boolean;
  type: number;
  page: number;
  perPage: number;
  /** The reader's language, for the entries' relative times. */
  lang: Lang;
}

/**
 * One page of a thread's likes, tips and purchases, newest first, with the original's counts. With likes and
 * paid orders on one page, each source gives its first `offset + perPage` (both indexed by thread and time) and
 * the page is cut from their merge. The thread page's tippers row (type 3) costs the thread's lookup, then a
 * count and a page of the paid orders side by side.
 */
export async function likedUsersPage(
  d: { db: Db; supporters: ThreadSupporters },
  actor: Actor,
  thread: ThreadRow,
  q: LikedUsersQuery,
) {
  const offset = (q.page - 1) * q.perPage;
  const kinds = q.wholeThread ? (KINDS[q.type] ?? []) : [];
  const withLikes = q.type === LikedUsersType.ALL || q.type === LikedUsersType.LIKES;
  const merged = withLikes && kinds.length > 0;
  const [limit, skip] = merged ? [offset + q.perPage, 0] : [q.perPage, offset];
  const [likes, counts, orders] = await Promise.all([
    withLikes ? q.likesOf().then((postId) => listLikers(d.db, postId, limit, skip)) : null,
    q.wholeThread ? d.supporters.counts(thread.id) : { tips: 0, paid: 0 },
    kinds.length ? d.supporters.list(actor, thread.id, kinds, limit, skip, q.lang) : ([] as SupporterEntry[]),
  ]);
  const entries = [
    ...(likes?.rows ?? []).map((r) => ({ item: presentLiker(actor, thread, r, q.lang), at: r.createdAt })),
    ...orders,
  ].sort((a, b) => b.at.getTime() - a.at.getTime());
  const list = (merged ? entries.slice(offset, offset + q.perPage) : entries).map((e) => e.item);
  const likeCount = likes?.total ?? q.likeCount;
  const total =
    (withLikes ? likeCount : 0) +
    (kinds.includes('tip') ? counts.tips : 0) +
    (kinds.includes('paid') ? counts.paid : 0);
  return {
    pageData: {
      allCount: likeCount + counts.tips + counts.paid,
      likeCount,
      rewardCount: counts.tips,
      paidCount: counts.paid,
      raidCount: counts.paid,
      list,
    },
    currentPage: q.page,
    perPage: q.perPage,
    totalCount: total,
    totalPage: Math.ceil(total / q.perPage),
  };
}
