import { LikedUserKind, type ThreadItem } from '@forum/contracts';
import type { Gate } from '../../platform/access/gate.js';
import type { Actor } from '../../platform/auth/actor.js';
import { pick, type Lang } from '../../platform/http/lang.js';
import { htmlToText } from '../../platform/content/sanitize.js';
import { highlight, searchTerms } from '../search/index.js';
import type { CategoriesService } from '../categories/index.js';
import type { GroupsService } from '../groups/index.js';
import { blanked, revealsUser, shownUser, shownUserId } from '../posts/index.js';
import type { ThreadBundle } from './threads.loader.js';
import type { ThreadRow } from './threads.repository.js';
import type { ThreadExtensions } from './thread-extensions.js';
import { freeText, lockedBody, lockedTom, paidView } from './paid.policy.js';

const relative = new Map<Lang, Intl.RelativeTimeFormat>();

/**
 * The original's `diffTime` ("刚刚", "5分钟前", ...; the original clients show it as it is) in the reader's
 * language: "just now", "5 minutes ago" in English. After 30 days, the date.
 */
export function diffTime(at: Date, lang: Lang, now = Date.now()): string {
  const s = Math.max(0, Math.floor((now - at.getTime()) / 1000));
  if (s < 60) return pick(lang, { zh: '刚刚', en: 'just now' });
  if (s >= 86400 * 30) return at.toISOString().slice(0, 10);
  let f = relative.get(lang);
  if (!f) {
    f = new Intl.RelativeTimeFormat(lang === 'en' ? 'en' : 'zh-CN', { numeric: 'always' });
    relative.set(lang, f);
  }
  if (s < 3600) return f.format(-Math.floor(s / 60), 'minute');
  if (s < 86400) return f.format(-Math.floor(s / 3600), 'hour');
  return f.format(-Math.floor(s / 86400), 'day');
}

/** The actor's ability flags on one thread (the UI shows buttons from these; the server enforces the same rules). */
export function threadAbility(gate: Gate, actor: Actor, t: ThreadRow): ThreadItem['ability'] {
  const res = { categoryId: t.categoryId, ownerId: t.userId };
  const own = actor.userId != null && actor.userId === t.userId;
  return {
    canEdit:
      gate.can(actor, 'thread.edit', res) || (own && gate.can(actor, 'thread.editOwnThreadOrPost', res)),
    canDelete:
      gate.can(actor, 'thread.hide', res) || (own && gate.can(actor, 'thread.hideOwnThreadOrPost', res)),
    canEssence: gate.can(actor, 'thread.essence', res),
    // The share poster is drawn by the original clients themselves from what the viewer already sees.
    canPoster: true,
    canStick: gate.can(actor, 'thread.sticky', res),
    canReply: !actor.isGuest && gate.can(actor, 'thread.reply', res),
    canViewPost: gate.can(actor, 'thread.viewPosts', res),
    canFreeViewPost: own || gate.can(actor, 'thread.freeViewPosts', res),
    canViewVideo: gate.can(actor, 'thread.viewVideo', res),
    canViewAttachment: gate.can(actor, 'thread.viewAttachment', res),
    canDownloadAttachment: gate.can(actor, 'thread.downloadAttachment', res),
    canLike: !actor.isGuest && gate.can(actor, 'thread.likePosts', res),
    canFavorite: !actor.isGuest && gate.can(actor, 'thread.favorite', res),
  };
}

/** What a presenter needs besides the rows. */
export interface PresentKit {
  gate: Gate;
  groups: GroupsService;
  categories: CategoriesService;
  /** Plugins' additions to a thread, by plugin name (viewer-independent); null when none add anything. */
  extensions?: ThreadExtensions;
}

/** Builds the contract's thread shape; author and likers as anonymity.policy.ts lets this actor see them. */
export function presentThread(
  kit: PresentKit,
  actor: Actor,
  t: ThreadRow,
  b: ThreadBundle,
  lang: Lang,
): ThreadItem {
  const author = b.authors.get(t.userId);
  const showAuthor = revealsUser(actor, t, t.userId);
  const group = kit.groups.group(author?.groupId ?? 10);
  const category = kit.categories.get(t.categoryId);
  const authorGroup = {
    groupId: group?.id ?? 0,
    groupName: group?.name ?? '',
    groupIcon: group?.icon ?? '',
    isDisplay: group?.isDisplay ?? false,
  };
  const first = b.firstPosts.get(t.id);
  const paid = paidView(kit.gate, actor, t, b.bought.get(t.id));
  const indexes: ThreadItem['content']['indexes'] = {};
  const shown = b.shown.get(t.id) ?? {};
  for (const tom of b.toms.get(t.id) ?? []) {
    const id = Number(tom.tomType);
    const body =
      !paid.files && lockedTom(t, tom.tomType) ? lockedBody(tom.body) : (shown[tom.key] ?? tom.body);
    indexes[tom.key] = { tomId: Number.isFinite(id) ? id : tom.tomType, body };
  }
  const extensions = kit.extensions?.(() => ({
    threadId: t.id,
    userId: shownUserId(actor, t, t.userId),
    categoryId: t.categoryId,
    title: t.title,
    blocks: (b.toms.get(t.id) ?? []).map((x) => ({ key: x.key, tomId: x.tomType, body: x.body })),
  }));
  return {
    ...(extensions && { extensions }),
    threadId: t.id,
    postId: first?.id ?? 0,
    userId: shownUserId(actor, t, t.userId),
    categoryId: t.categoryId,
    parentCategoryId: category?.parentId ?? 0,
    categoryName: category?.name ?? '',
    topicId: b.topics.get(t.id) ?? 0,
    title: t.title,
    viewCount: t.viewCount,
    postCount: t.postCount,
    shareCount: t.shareCount,
    likeCount: t.likeCount,
    rewardedCount: t.rewardedCount,
    paidCount: t.paidCount,
    favoriteCount: t.favoriteCount,
    issueAt: t.issueAt ? t.issueAt.toISOString() : null,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    postedAt: t.postedAt.toISOString(),
    diffTime: diffTime(t.createdAt, lang),
    freewords: t.freeWords,
    price: t.price / 100,
    attachmentPrice: t.attachmentPrice / 100,
    payType: t.price > 0 ? 1 : t.attachmentPrice > 0 ? 2 : 0,
    paid: paid.paid,
    isApproved: t.isApproved,
    isStick: t.isSticky,
    isEssence: t.isEssence,
    isDraft: t.isDraft,
    isSite: t.isSite,
    isAnonymous: t.isAnonymous,
    isFavorite: b.favorited.has(t.id),
    isLike: b.liked.has(t.id),
    isReward: false,
    isDeleted: t.deletedAt != null,
    userStickStatus: b.userStick === t.id,
    position: { longitude: t.longitude, latitude: t.latitude, address: t.address, location: t.location },
    user: shownUser(actor, t, {
      userId: t.userId,
      nickname: author?.nickname || author?.username || '',
      avatar: author?.avatar ?? '',
      threadCount: author?.threadCount ?? 0,
      followCount: author?.followCount ?? 0,
      fansCount: author?.fansCount ?? 0,
      likedCount: author?.likedCount ?? 0,
      questionCount: 0,
      isRealName: false,
      joinedAt: author?.joinedAt ? author.joinedAt.toISOString() : '',
    }),
    group: showAuthor ? authorGroup : blanked(authorGroup),
    likeReward: {
      users: (b.likers.get(t.id) ?? []).map((u) => shownUser(actor, t, u)),
      // The original's sum: likes, tips and purchases (`users` stays the recent likers).
      likePayCount: t.likeCount + t.rewardedCount + t.paidCount,
      shareCount: t.shareCount,
      postCount: t.postCount,
    },
    displayTag: {
      isPrice: t.price > 0 || t.attachmentPrice > 0,
      isRedPack: false,
      isReward: false,
      isEssence: t.isEssence,
      isPoster: false,
    },
    content: {
      text: paid.text ? (first?.content ?? '') : freeText(first?.content ?? '', t.freeWords),
      indexes,
    },
    ability: threadAbility(kit.gate, actor, t),
  };
}

/** One `thread.likedusers` entry; the anonymous thread's author, liking in their own thread, stays anonymous. */
export function presentLiker(
  actor: Actor,
  thread: ThreadRow,
  r: { userId: number; nickname: string; avatar: string; createdAt: Date },
  lang: Lang,
) {
  const card = {
    userId: r.userId,
    nickname: r.nickname,
    avatar: r.avatar,
    type: LikedUserKind.LIKE,
    createdAt: r.createdAt.toISOString(),
    passedAt: diffTime(r.createdAt, lang),
  };
  return shownUser(actor, thread, card, ['type', 'createdAt', 'passedAt']);
}

/** Length of the highlighted body excerpt in search results. */
const EXCERPT_CHARS = 120;

/** What a search result marks: the query's words, plus the query itself (substring matches have no words). */
export function highlightTermsOf(query: string): string[] {
  const whole = query.trim().toLowerCase();
  return [...new Set([whole, ...searchTerms(query)])].filter(Boolean);
}

/** Escaped title and body excerpt with the matches in `<mark>` (the web renders these as HTML). */
export function searchHighlight(title: string, html: string, terms: readonly string[]) {
  return {
    title: highlight(title, terms),
    content: highlight(htmlToText(html), terms, { excerpt: EXCERPT_CHARS }),
  };
}
