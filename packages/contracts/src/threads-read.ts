import { z } from 'zod';
import { defineCall } from './call.js';
import { pageOf, pageQuery } from './envelope.js';
import { boolish, idField, idList } from './fields.js';
import { threadItem } from './threads-item.js';

/** `GET thread.detail`. */
export const threadDetail = defineCall({
  method: 'GET',
  path: '/api/v3/thread.detail',
  summary: 'One thread with the actor ability flags',
  tags: ['threads'],
  input: z.object({ threadId: idField }),
  output: threadItem,
});

/** `thread.list` filters (reference §1.3). */
export const threadListFilter = z.object({
  categoryids: idList,
  types: z.preprocess(
    (v) =>
      v === undefined || v === ''
        ? undefined
        : Array.isArray(v)
          ? v
          : typeof v === 'object' && v
            ? Object.values(v)
            : String(v).split(','),
    z.array(z.string().max(40)).max(20).optional(),
  ),
  essence: boolish.optional(),
  attention: boolish.optional(),
  search: z.string().trim().max(100).optional(),
  toUserId: z.coerce.number().int().min(0).optional(),
  exclusiveIds: idList,
  /** Threads tagged with this topic (the topic page). */
  topicId: z.coerce.number().int().min(1).optional(),
  /** 1 posted, 2 last reply, 3 hot, 4 updated. */
  sort: z.coerce.number().int().min(1).max(4).default(1),
  /** 1 my drafts, 2 my likes, 3 my favourites, 4 my purchases, 5 my or their threads. */
  complex: z.coerce.number().int().min(1).max(5).optional(),
});

const threadListInput = pageQuery.extend({
  perPage: z.coerce.number().int().min(1).max(100).default(20),
  filter: threadListFilter.default({ sort: 1 }),
  /** 0 normal, 1 recommended, 2 search page. */
  scope: z.coerce.number().int().min(0).max(3).default(0),
});
const threadPage = pageOf(threadItem);

/** Most pages one `thread.list?preload=N` call returns. */
export const PRELOAD_MAX = 5;
const preloadField = z.coerce
  .number()
  .int()
  .min(1)
  .max(PRELOAD_MAX, { message: `preload can be at most ${PRELOAD_MAX} pages` });

/** `GET thread.list`: one page. */
export const threadList = defineCall({
  method: 'GET',
  path: '/api/v3/thread.list',
  summary: 'Thread list with the original filters, sorts, complex lists and scopes',
  tags: ['threads'],
  input: threadListInput,
  output: threadPage,
});

/** `GET thread.list?preload=N` (reference §2.1): N pages from `page` on, as a map page number → page. */
export const threadListPreload = defineCall({
  method: 'GET',
  path: '/api/v3/thread.list',
  summary: 'Several pages of a thread list at once (preload=1..5), keyed by page number',
  tags: ['threads'],
  input: threadListInput.extend({ preload: preloadField }),
  output: z.record(z.string(), threadPage),
});

/**
 * What the server mounts at `thread.list`: one path answering either shape. Clients call `threadList` or
 * `threadListPreload` so each gets its exact reply type.
 */
export const threadListServed = defineCall({
  ...threadList,
  input: threadListInput.extend({ preload: preloadField.optional() }),
  output: z.union([threadPage, threadListPreload.output]),
});

/** Most threads `thread.recommends` returns at once. */
export const RECOMMENDS_MAX = 10;

/** A recommended thread: the small card of the home page's right column (reference §1.3). */
export const recommendItem = z.object({
  threadId: z.number().int(),
  categoryId: z.number().int(),
  /** The title, or the start of the text for untitled threads. */
  title: z.string(),
  viewCount: z.number().int(),
  /** True when an administrator recommended it; false for the "hottest" fallback. */
  isSite: z.boolean(),
  displayTag: z.object({
    isPrice: z.boolean(),
    isRedPack: z.boolean(),
    isReward: z.boolean(),
    isEssence: z.boolean(),
  }),
});
/** A recommended thread as sent to clients. */
export type RecommendItem = z.infer<typeof recommendItem>;

/** `GET thread.recommends`: recommended-to-home threads, topped up with the hottest recent ones. */
export const threadRecommends = defineCall({
  method: 'GET',
  path: '/api/v3/thread.recommends',
  summary: 'Threads recommended to the home page (administrator picks first, then the hottest)',
  tags: ['threads'],
  input: z.object({
    perPage: z.coerce.number().int().min(1).max(RECOMMENDS_MAX).default(5),
    filter: z.object({ categoryids: idList }).default({}),
  }),
  output: z.array(recommendItem),
});

/** A pinned thread in the sticky list. */
export const stickItem = z.object({
  threadId: z.number().int(),
  categoryId: z.number().int(),
  title: z.string(),
  summary: z.string(),
  updatedAt: z.string(),
  canViewPosts: z.boolean(),
});

/** `GET thread.stick`: the pinned threads (at most 20), admin-ordered. */
export const threadStick = defineCall({
  method: 'GET',
  path: '/api/v3/thread.stick',
  summary: 'Pinned threads, optionally for some categories',
  tags: ['threads'],
  input: z.object({ categoryIds: idList }),
  output: z.array(stickItem),
});

/** One `thread.likedusers` entry: a like, a purchase or a tip, newest first. */
export const likedUserItem = z.object({
  /** 0 with the anonymous user's blank card (an anonymous tip, or an anonymous thread's author liking it). */
  userId: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  /** 1 liked, 2 paid to read, 3 tipped. */
  type: z.number().int(),
  createdAt: z.string(),
  /** The original's "3分钟前" of `createdAt`. */
  passedAt: z.string(),
  /**
   * Yuan paid, for a tip or a purchase, only to those who know it anyway: the thread's author (the payee), the
   * payer, and administrators. Absent for everyone else, as the original shows no amounts on a thread.
   */
  amount: z.number().optional(),
});
export type LikedUserItem = z.infer<typeof likedUserItem>;

/** `GET thread.likedusers`: who liked, tipped or paid for the thread's first post (or liked a reply). */
export const threadLikedUsers = defineCall({
  method: 'GET',
  path: '/api/v3/thread.likedusers',
  summary: 'Users who liked, tipped or paid for a thread (or liked a reply)',
  tags: ['threads'],
  input: pageQuery.extend({
    threadId: idField,
    postId: idField.optional(),
    type: z.coerce.number().int().min(0).max(4).default(0),
    perPage: z.coerce.number().int().min(1).max(300).default(20),
  }),
  output: z.object({
    pageData: z.object({
      allCount: z.number().int(),
      likeCount: z.number().int(),
      /** Tippers (paid tip orders). */
      rewardCount: z.number().int(),
      /** Paid readers (paid purchases of the thread or its attachments). */
      paidCount: z.number().int(),
      /** The same as `paidCount`, under the original's spelling. */
      raidCount: z.number().int(),
      list: z.array(likedUserItem),
    }),
    currentPage: z.number().int(),
    perPage: z.number().int(),
    totalCount: z.number().int(),
    totalPage: z.number().int(),
  }),
});

/** `GET view.count`: counts a view and returns the new total. */
export const threadViewCount = defineCall({
  method: 'GET',
  path: '/api/v3/view.count',
  summary: 'Count a view of a thread',
  tags: ['threads'],
  input: z.object({ threadId: idField }),
  output: z.object({ threadId: z.number().int(), viewCount: z.number().int() }),
});

/** `GET thread.typelist`: the block types a list may be filtered by. */
export const threadTypeList = defineCall({
  method: 'GET',
  path: '/api/v3/thread.typelist',
  summary: 'Filterable content block types',
  tags: ['threads'],
  input: z.object({}),
  output: z.array(z.object({ name: z.string(), type: z.union([z.number(), z.string()]) })),
});

/** What a list query may carry besides page and perPage (for api-client typing). */
export type ThreadListFilter = z.input<typeof threadListFilter>;
