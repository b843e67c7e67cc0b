import { z } from 'zod';
import { absUrl, bool, int, str } from './dzq-call.js';

/** The shapes the original Discuz! Q web client reads, shared by its calls (`dzqClientCalls`). */

/**
 * Post HTML as the client renders it: it turns the original's `<span id="topic" value="ID">#name#</span>` into
 * a link to its topic page (and `<span id="member" value="ID">` into a profile link); our own markup for them
 * would send it to pages it does not have.
 */
export const originalHtml = str
  .refine((t) => !/<a\b[^>]*\bclass="topic"/.test(t), 'topics as <span id="topic" value="ID">')
  .refine((t) => !/\bdata-type="mention"/.test(t), 'mentions as <span id="member" value="ID">');

/** An uploaded image as the editor's upload card and the thread's picture grid read it. */
export const dzqImage = z
  .object({ id: int, url: absUrl, thumbUrl: absUrl, fileName: str, fileType: str, fileSize: int })
  .passthrough();

/** An uploaded file as the thread's attachment list reads it. */
export const dzqFile = z
  .object({ id: int, url: absUrl, fileName: str, fileType: str, fileSize: int })
  .passthrough();

/** The body the client reads per block type: images (101) and files (108) are lists of uploads. */
const LIST_BODIES: Record<string, z.ZodType> = { '101': z.array(dzqImage), '108': z.array(dzqFile) };

/** One block of `content.indexes`. */
const tomIndex = z
  .object({ tomId: z.union([int, str]), body: z.unknown() })
  .passthrough()
  .superRefine((v, ctx) => {
    const body = LIST_BODIES[String(v.tomId)];
    const r = body?.safeParse(v.body);
    if (r && !r.success) {
      for (const i of r.error.issues) ctx.addIssue({ ...i, path: ['body', ...i.path] } as never);
    }
  });

/** A thread's `content`: the HTML and its blocks keyed by tom id. */
export const dzqContent = z
  .object({ text: originalHtml, indexes: z.record(z.string(), tomIndex) })
  .passthrough();

const threadUser = z
  .object({
    userId: int,
    nickname: str,
    avatar: str,
    threadCount: int,
    followCount: int,
    fansCount: int,
    likedCount: int,
    questionCount: int,
    isRealName: bool,
    joinedAt: str,
  })
  .passthrough();

/** A thread as list items, the detail page and the editor (after posting) read it. */
export const dzqThread = z
  .object({
    threadId: int,
    postId: int,
    userId: int,
    categoryId: int,
    title: str,
    viewCount: int,
    isApproved: int,
    isEssence: bool,
    isStick: bool,
    isAnonymous: bool,
    isLike: bool,
    isFavorite: bool,
    price: z.number(),
    attachmentPrice: z.number(),
    paid: bool,
    createdAt: str,
    diffTime: str,
    user: threadUser,
    group: z.object({ groupId: int, groupName: str, groupIcon: str, isDisplay: bool }).passthrough(),
    likeReward: z
      .object({ users: z.array(z.unknown()), likePayCount: int, shareCount: int, postCount: int })
      .passthrough(),
    displayTag: z
      .object({ isPrice: bool, isRedPack: bool, isReward: bool, isEssence: bool, isPoster: bool })
      .passthrough(),
    position: z
      .object({ longitude: z.number(), latitude: z.number(), address: str, location: str })
      .passthrough(),
    ability: z
      .object({
        canEdit: bool,
        canDelete: bool,
        canEssence: bool,
        canPoster: bool,
        canStick: bool,
        canReply: bool,
        canViewPost: bool,
        canFreeViewPost: bool,
        canViewVideo: bool,
        canViewAttachment: bool,
        canDownloadAttachment: bool,
      })
      .passthrough(),
    content: dzqContent,
  })
  .passthrough();

const postUser = z
  .object({
    id: int,
    userId: int,
    nickname: str,
    avatar: str,
    isRealName: bool,
    groups: z.object({ id: int, name: str, isDisplay: bool }).passthrough(),
  })
  .passthrough();

/** A reply as the comment list reads it. */
const postShape = {
  id: int,
  userId: int,
  threadId: int,
  replyPostId: int,
  replyUserId: int,
  commentPostId: int,
  commentUserId: int,
  content: originalHtml,
  replyCount: int,
  likeCount: int,
  createdAt: str,
  updatedAt: str,
  isFirst: bool,
  isComment: bool,
  isApproved: int,
  isDeleted: bool,
  isLiked: bool,
  rewards: z.number(),
  redPacketAmount: z.number(),
  canLike: bool,
  canEdit: bool,
  canDelete: bool,
  canHide: bool,
  canApprove: bool,
  summaryText: str,
  images: z.array(z.unknown()),
  attachments: z.array(z.unknown()),
  user: postUser,
};
export const dzqPost = z
  .object({ ...postShape, lastThreeComments: z.array(z.object(postShape).passthrough()) })
  .passthrough();

/** A user card in the search page's lists. */
export const dzqListUser = z
  .object({ userId: int, nickname: str, avatar: str, isFollow: bool, isMutualFollow: bool })
  .passthrough();

/** An active user of the search page, and a match of the editor's `@` search. */
export const dzqSearchUser = dzqListUser.and(
  z
    .object({ username: str, groupName: str, threadCount: int, likedCount: int, followCount: int })
    .passthrough(),
);

/**
 * An entry of a follow or fan list (`/my`, the editor's `@` picker): the user, their group and the viewer's
 * follow state, each under its own key.
 */
export const dzqFollowItem = z
  .object({
    user: z
      .object({ pid: int, userId: int, avatar: str, userName: str, nickName: str, nickname: str })
      .passthrough(),
    group: z.object({ groupName: str }).passthrough(),
    userFollow: z.object({ isFollow: bool, isMutual: bool }).passthrough(),
  })
  .passthrough();

/** A profile as `/my` and the author card read it. */
export const dzqProfile = z
  .object({
    id: int,
    userId: int,
    username: str,
    nickname: str,
    avatar: str,
    backgroundUrl: str,
    signature: str,
    threadCount: int,
    followCount: int,
    fansCount: int,
    likedCount: int,
    questionCount: int,
    isFollow: bool,
    isMutualFollow: bool,
    isDeny: bool,
    isRealName: bool,
    joinedAt: str,
    group: z.object({ groupName: str, pid: int }).passthrough(),
  })
  .passthrough();

/** A topic as the editor's picker and the search page's topic cards read it (a card shows its latest thread). */
export const dzqTopic = z
  .object({
    topicId: int,
    content: str,
    threadCount: int,
    viewCount: int,
    threads: z.array(z.object({ threadId: int, content: dzqContent }).passthrough()),
  })
  .passthrough();

/** A topic whose latest thread the fixtures make visible. */
export const dzqTopicWithThread = dzqTopic.and(
  z.object({ threads: z.array(z.unknown()).min(1) }).passthrough(),
);

export const dzqCategory = z
  .object({
    pid: int,
    categoryId: int,
    name: str,
    description: str,
    icon: str,
    threadCount: int,
    canCreateThread: bool,
    children: z.array(z.unknown()),
  })
  .passthrough();

/** The counters the message centre and the header's red dot read. */
export const dzqUnread = z
  .object({
    unreadNotifications: int,
    dialogNotifications: int,
    typeUnreadNotifications: z
      .object({
        system: int,
        replied: int,
        liked: int,
        related: int,
        rewarded: int,
        threadrewarded: int,
        threadrewardedexpired: int,
        receiveredpacket: int,
        withdrawal: int,
        questioned: int,
      })
      .passthrough(),
  })
  .passthrough();

/** What every notice card reads. */
const noticeBase = {
  id: int,
  type: str,
  title: str,
  content: str,
  createdAt: str,
  threadId: int.nullable(),
  postId: int.nullable(),
  userId: int,
  nickname: str,
  avatar: str,
};

/** A notice of the thread tabs (@, replies, likes): 主题 or 评论 by `isFirst`, a reply in a reply by `isReply` 1. */
export const dzqThreadNotice = z
  .object({
    ...noticeBase,
    username: str,
    userAvatar: str,
    isFirst: bool,
    isReply: z.union([z.literal(0), z.literal(1)]),
    replyPostId: int,
    postContent: str,
  })
  .passthrough();

/** An account (system) notice: the title stands in for a sender's name. */
export const dzqSystemNotice = z.object(noticeBase).passthrough();

/** A money amount the card formats with `parseFloat(...).toFixed(2)`. */
const amount = z.union([z.number(), z.string().regex(/^\d+(\.\d+)?$/, 'a number of yuan')]);

/** A financial notice: who paid how much on which thread (a bounty names the thread's author). */
export const dzqMoneyNotice = z
  .object({
    ...noticeBase,
    username: str,
    userAvatar: str,
    amount,
    orderType: int,
    threadTitle: str,
    threadUsername: str,
    threadUserNickname: str,
    threadUserAvatar: str,
  })
  .passthrough();

/** A dialog in the message centre's list. */
export const dzqDialog = z
  .object({
    id: int,
    dialogMessage: z
      .object({ dialogId: int, summary: str, messageText: str, imageUrl: str, createdAt: str })
      .passthrough(),
    sender: z.object({ id: int, userId: int, nickname: str, avatar: str }).passthrough(),
    recipient: z.object({ id: int, userId: int, nickname: str, avatar: str }).passthrough(),
  })
  .passthrough();
