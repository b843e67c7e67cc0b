import { z } from 'zod';
import { defineCall } from './call.js';
import { pageOf, pageQuery } from './envelope.js';
import { boolish, idField, idList } from './fields.js';

/** Built-in content block ids (reference §1.3 TomConfig); plugins use their own string ids. */
export const TomId = {
  TEXT: 100,
  IMAGE: 101,
  AUDIO: 102,
  VIDEO: 103,
  GOODS: 104,
  QA: 105,
  RED_PACKET: 106,
  REWARD: 107,
  ATTACHMENT: 108,
  VOTE: 109,
} as const;

/** Longest thread text (the original editor's cap). */
export const THREAD_TEXT_MAX = 50_000;
/** Longest reply (the original backend's cap). */
export const POST_TEXT_MAX = 49_999;

/** One content block as sent by the editor: its type and a body validated by that type's schema. */
export const tomInput = z.object({
  tomId: z.union([z.coerce.number().int(), z.string().min(1).max(40)]),
  operation: z.string().max(20).optional(),
  body: z.unknown(),
});

/** Thread content: sanitised rich text plus typed blocks keyed by any client-chosen key. */
export const threadContentInput = z.object({
  text: z
    .string()
    .max(THREAD_TEXT_MAX, { message: `text can be at most ${THREAD_TEXT_MAX} characters` })
    .default(''),
  indexes: z.record(z.string().max(40), tomInput).default({}),
});

/** A place attached to a thread (`insertPosition`). */
export const positionField = z.object({
  longitude: z.coerce.number().min(-180).max(180).default(0),
  latitude: z.coerce.number().min(-90).max(90).default(0),
  address: z.string().max(200).default(''),
  location: z.string().max(200).default(''),
});

const threadWriteFields = {
  title: z.string().trim().max(100, { message: 'title can be at most 100 characters' }).default(''),
  categoryId: idField,
  content: threadContentInput,
  position: positionField.optional(),
  anonymous: boolish.default(false),
  draft: boolish.default(false),
  /** Paid threads arrive with the money issue; until then only 0 is accepted. */
  price: z.coerce.number().min(0).max(0, { message: 'paid threads are not available yet' }).default(0),
  attachmentPrice: z.coerce
    .number()
    .min(0)
    .max(0, { message: 'paid attachments are not available yet' })
    .default(0),
  freeWords: z.coerce.number().min(0).max(1).default(0),
  captchaTicket: z.string().max(500).optional(),
  captchaRandStr: z.string().max(500).optional(),
};

const userBrief = z.object({
  userId: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  threadCount: z.number().int(),
  followCount: z.number().int(),
  fansCount: z.number().int(),
  likedCount: z.number().int(),
  isRealName: z.boolean(),
});

/** What the actor may do with a thread (reference §1.3 `ability`). */
export const threadAbility = z.object({
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canEssence: z.boolean(),
  canStick: z.boolean(),
  canReply: z.boolean(),
  canViewPost: z.boolean(),
  canFreeViewPost: z.boolean(),
  canViewVideo: z.boolean(),
  canViewAttachment: z.boolean(),
  canDownloadAttachment: z.boolean(),
  canLike: z.boolean(),
  canFavorite: z.boolean(),
});

/** A thread as the original's clients read it (reference §1.3 detail shape, §2.3a). */
export const threadItem = z.object({
  threadId: z.number().int(),
  postId: z.number().int(),
  userId: z.number().int(),
  categoryId: z.number().int(),
  parentCategoryId: z.number().int(),
  categoryName: z.string(),
  topicId: z.number().int(),
  title: z.string(),
  viewCount: z.number().int(),
  postCount: z.number().int(),
  shareCount: z.number().int(),
  likeCount: z.number().int(),
  favoriteCount: z.number().int(),
  issueAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  postedAt: z.string(),
  diffTime: z.string(),
  freewords: z.number(),
  price: z.number(),
  attachmentPrice: z.number(),
  payType: z.number().int(),
  paid: z.boolean(),
  isApproved: z.number().int(),
  isStick: z.boolean(),
  isEssence: z.boolean(),
  isDraft: z.boolean(),
  isSite: z.boolean(),
  isAnonymous: z.boolean(),
  isFavorite: z.boolean(),
  isLike: z.boolean(),
  isReward: z.boolean(),
  isDeleted: z.boolean(),
  userStickStatus: z.boolean(),
  position: positionField.required(),
  user: userBrief,
  group: z.object({
    groupId: z.number().int(),
    groupName: z.string(),
    groupIcon: z.string(),
    isDisplay: z.boolean(),
  }),
  likeReward: z.object({
    users: z.array(z.object({ userId: z.number().int(), nickname: z.string(), avatar: z.string() })),
    likePayCount: z.number().int(),
    shareCount: z.number().int(),
    postCount: z.number().int(),
  }),
  displayTag: z.object({
    isPrice: z.boolean(),
    isRedPack: z.boolean(),
    isReward: z.boolean(),
    isEssence: z.boolean(),
  }),
  content: z.object({
    text: z.string(),
    indexes: z.record(z.string(), z.object({ tomId: z.union([z.number(), z.string()]), body: z.unknown() })),
  }),
  ability: threadAbility,
  /** Search results only: escaped HTML of the title and a text excerpt with matches in `<mark>`. */
  highlight: z.object({ title: z.string(), content: z.string() }).optional(),
});
/** A thread as sent to clients. */
export type ThreadItem = z.infer<typeof threadItem>;

/** `POST thread.create`. */
export const threadCreate = defineCall({
  method: 'POST',
  path: '/api/v3/thread.create',
  summary: 'Create a thread (or a draft)',
  tags: ['threads'],
  input: z.object(threadWriteFields),
  output: threadItem,
});

/** `POST thread.update`: any field; indexes replace the thread's blocks. */
export const threadUpdate = defineCall({
  method: 'POST',
  path: '/api/v3/thread.update',
  summary: 'Edit a thread (own with editOwnThreadOrPost, anyone with thread.edit)',
  tags: ['threads'],
  input: z.object({
    threadId: idField,
    title: threadWriteFields.title.optional(),
    categoryId: idField.optional(),
    content: threadContentInput.optional(),
    position: positionField.optional(),
    anonymous: boolish.optional(),
    draft: boolish.optional(),
    price: threadWriteFields.price.optional(),
    attachmentPrice: threadWriteFields.attachmentPrice.optional(),
    freeWords: threadWriteFields.freeWords.optional(),
  }),
  output: threadItem,
});

/** `POST thread.delete`: soft delete, recording who. */
export const threadDelete = defineCall({
  method: 'POST',
  path: '/api/v3/thread.delete',
  summary: 'Delete a thread (soft)',
  tags: ['threads'],
  input: z.object({ threadId: idField }),
  output: z.object({ threadId: z.number().int() }),
});

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

/** `GET thread.list`. */
export const threadList = defineCall({
  method: 'GET',
  path: '/api/v3/thread.list',
  summary: 'Thread list with the original filters, sorts, complex lists and scopes',
  tags: ['threads'],
  input: pageQuery.extend({
    perPage: z.coerce.number().int().min(1).max(100).default(20),
    filter: threadListFilter.default({ sort: 1 }),
    /** 0 normal, 1 recommended, 2 search page. */
    scope: z.coerce.number().int().min(0).max(3).default(0),
  }),
  output: pageOf(threadItem),
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

/** `POST threads/operate`: essence, sticky, favourite, recommend-to-home. */
export const threadOperate = defineCall({
  method: 'POST',
  path: '/api/v3/threads/operate',
  summary: 'Mark essence, pin, favourite or recommend a thread',
  tags: ['threads'],
  input: z.object({
    id: idField.optional(),
    threadId: idField.optional(),
    isEssence: boolish.optional(),
    isSticky: boolish.optional(),
    isFavorite: boolish.optional(),
    isSite: boolish.optional(),
    /** Position among pinned threads (smaller first). */
    stickSort: z.coerce.number().int().min(0).max(10000).optional(),
  }),
  output: threadItem,
});

/** `GET thread.likedusers`: who liked the thread's first post (or a post). */
export const threadLikedUsers = defineCall({
  method: 'GET',
  path: '/api/v3/thread.likedusers',
  summary: 'Users who liked a thread or post',
  tags: ['threads'],
  input: pageQuery.extend({
    threadId: idField,
    postId: idField.optional(),
    type: z.coerce.number().int().min(0).max(3).default(0),
    perPage: z.coerce.number().int().min(1).max(300).default(20),
  }),
  output: z.object({
    pageData: z.object({
      allCount: z.number().int(),
      likeCount: z.number().int(),
      rewardCount: z.number().int(),
      paidCount: z.number().int(),
      list: z.array(
        z.object({
          userId: z.number().int(),
          nickname: z.string(),
          avatar: z.string(),
          type: z.number().int(),
          createdAt: z.string(),
        }),
      ),
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

/** `POST thread.share`: counts a share. */
export const threadShare = defineCall({
  method: 'POST',
  path: '/api/v3/thread.share',
  summary: 'Count a share of a thread',
  tags: ['threads'],
  input: z.object({ threadId: idField }),
  output: z.object({ threadId: z.number().int(), shareCount: z.number().int() }),
});

/** `POST user/thread.stick`: pin one own thread on one's profile (status 0 unpins). */
export const userThreadStick = defineCall({
  method: 'POST',
  path: '/api/v3/user/thread.stick',
  summary: 'Pin one of my threads on my profile',
  tags: ['threads'],
  input: z.object({ threadId: idField, status: z.coerce.number().int().min(0).max(1).default(1) }),
  output: z.object({ threadId: z.number().int(), status: z.number().int() }),
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

/** `GET tom.permissions`: which block types the actor may insert, per category. */
export const tomPermissions = defineCall({
  method: 'GET',
  path: '/api/v3/tom.permissions',
  summary: 'Block types the actor may insert',
  tags: ['threads'],
  input: z.object({ categoryId: idField.optional() }),
  output: z.record(z.string(), z.boolean()),
});

/** `POST vote.thread`: vote in a thread's vote block. */
export const voteThread = defineCall({
  method: 'POST',
  path: '/api/v3/vote.thread',
  summary: 'Vote in a thread',
  tags: ['threads'],
  input: z.object({
    threadId: idField,
    vote: z.object({ id: idField, subitemIds: z.array(idField).min(1).max(20) }),
  }),
  output: z.unknown(),
});

/** Vote block body as stored and shown. */
export const voteBody = z.object({
  voteId: z.number().int(),
  voteTitle: z.string(),
  choiceType: z.number().int(),
  expiredAt: z.string().nullable(),
  isExpired: z.boolean(),
  isVoted: z.boolean(),
  voteUsers: z.number().int(),
  subitems: z.array(
    z.object({
      id: z.number().int(),
      content: z.string(),
      voteCount: z.number().int(),
      isVoted: z.boolean(),
    }),
  ),
});

/** What a list query may carry besides page and perPage (for api-client typing). */
export type ThreadListFilter = z.input<typeof threadListFilter>;
/** `GET captcha`: a challenge from the built-in captcha provider (groups with `createThreadWithCaptcha`). */
export const captchaIssue = defineCall({
  method: 'GET',
  path: '/api/v3/captcha',
  summary: 'A captcha challenge: send `ticket` back as captchaTicket and the answer as captchaRandStr',
  tags: ['threads'],
  input: z.object({}),
  output: z.object({ ticket: z.string(), question: z.string() }),
});
