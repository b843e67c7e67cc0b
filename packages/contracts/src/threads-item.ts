import { z } from 'zod';
import { TomId } from './constants.js';

/** The thread shape every thread call shares (reference §1.3): block ids, text caps, the item clients read. */

/**
 * The site's switches for block types (the original's `site_create_thread{n}`: 2 video, 3 image, 4 audio,
 * 5 Q&A, 6 goods; 0 text and 1 long text are always on here): a block whose switch is '0' cannot be posted.
 */
export const BLOCK_SWITCHES: Readonly<Record<string, string>> = {
  [TomId.VIDEO]: 'site_create_thread2',
  [TomId.IMAGE]: 'site_create_thread3',
  [TomId.AUDIO]: 'site_create_thread4',
  [TomId.QA]: 'site_create_thread5',
  [TomId.GOODS]: 'site_create_thread6',
};

/** Longest thread text (the original editor's cap). */
export const THREAD_TEXT_MAX = 50_000;

/** A place attached to a thread (`insertPosition`). */
export const positionField = z.object({
  longitude: z.coerce.number().min(-180).max(180).default(0),
  latitude: z.coerce.number().min(-90).max(90).default(0),
  address: z.string().max(200).default(''),
  location: z.string().max(200).default(''),
});

/** The author as shown on a thread. */
const userBrief = z.object({
  userId: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  threadCount: z.number().int(),
  followCount: z.number().int(),
  fansCount: z.number().int(),
  likedCount: z.number().int(),
  questionCount: z.number().int(),
  isRealName: z.boolean(),
  /** ISO time; '' when the author is hidden. */
  joinedAt: z.string(),
});

/** What the actor may do with a thread (reference §1.3 `ability`). */
export const threadAbility = z.object({
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canEssence: z.boolean(),
  /** May make a share poster (the original clients' button). */
  canPoster: z.boolean(),
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
  /** Paid tips (order type 2) to the thread's author: the original's `rewarded_count`. */
  rewardedCount: z.number().int(),
  /** Paid purchases of the thread or its attachments (order types 3 and 7): the original's `paid_count`. */
  paidCount: z.number().int(),
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
    /** Likes plus tips plus purchases, as the original counts them. */
    likePayCount: z.number().int(),
    shareCount: z.number().int(),
    postCount: z.number().int(),
  }),
  displayTag: z.object({
    isPrice: z.boolean(),
    isRedPack: z.boolean(),
    isReward: z.boolean(),
    isEssence: z.boolean(),
    isPoster: z.boolean(),
  }),
  content: z.object({
    text: z.string(),
    indexes: z.record(z.string(), z.object({ tomId: z.union([z.number(), z.string()]), body: z.unknown() })),
  }),
  ability: threadAbility,
  /** Search results only: escaped HTML of the title and a text excerpt with matches in `<mark>`. */
  highlight: z.object({ title: z.string(), content: z.string() }).optional(),
  /** What plugins add to the thread, under each plugin's name (their `presenters.thread`). */
  extensions: z.record(z.string(), z.unknown()).optional(),
});
/** A thread as sent to clients. */
export type ThreadItem = z.infer<typeof threadItem>;
