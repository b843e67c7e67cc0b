import { z } from 'zod';
import { defineCall } from './call.js';
import { pageQuery } from './envelope.js';
import { attachmentItem } from './attachments.js';
import { boolish, idField } from './fields.js';
import { POST_TEXT_MAX } from './constants.js';

/** Approval states (reference §1.4): 0 pending, 1 approved, 2 ignored. */
export const Approval = { PENDING: 0, APPROVED: 1, IGNORED: 2 } as const;

/** What the actor may do with a post. */
export const postAbility = z.object({
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canLike: z.boolean(),
  canReply: z.boolean(),
  canApprove: z.boolean(),
});

const postUser = z.object({
  userId: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  groupName: z.string(),
  /** The original's names: `id` (= userId) and `groups`. */
  id: z.number().int(),
  isRealName: z.boolean(),
  groups: z.object({ id: z.number().int(), name: z.string(), isDisplay: z.boolean() }),
});

const postBase = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  threadId: z.number().int(),
  userId: z.number().int(),
  replyPostId: z.number().int(),
  replyUserId: z.number().int(),
  commentPostId: z.number().int(),
  commentUserId: z.number().int(),
  /** The reply's number in its thread (1, 2, ...); comments carry their parent's. */
  floor: z.number().int(),
  content: z.string(),
  replyCount: z.number().int(),
  likeCount: z.number().int(),
  isFirst: z.boolean(),
  isComment: z.boolean(),
  isApproved: z.number().int(),
  isLiked: z.boolean(),
  isDeleted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  user: postUser,
  replyUser: postUser.nullable(),
  commentUser: postUser.nullable(),
  ability: postAbility,
  /** Images and files uploaded with the reply (download and thumbnail URLs follow the post's visibility). */
  attachments: z.array(attachmentItem).optional(),
  /** The original's flat fields (its clients read them): image attachments, a plain-text summary, abilities. */
  images: z.array(attachmentItem),
  summaryText: z.string(),
  rewards: z.number(),
  redPacketAmount: z.number(),
  canLike: z.boolean(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canHide: z.boolean(),
  canApprove: z.boolean(),
});

/** A post (reply or comment). */
export const postItem = postBase.extend({ lastThreeComments: z.array(postBase) });
/** A post as sent to clients. */
export type PostItem = z.infer<typeof postItem>;

/** `GET posts.list`: replies of a thread, by page or by cursor (cursor keeps deep pages as cheap as the first). */
export const postsList = defineCall({
  method: 'GET',
  path: '/api/v3/posts.list',
  summary: 'Replies of a thread: page/perPage, or cursor for constant-time deep pages',
  tags: ['posts'],
  input: pageQuery.extend({
    filter: z.object({ thread: idField }),
    /** `createdAt` oldest first (default), `-createdAt` newest first. */
    sort: z.enum(['createdAt', '-createdAt']).default('createdAt'),
    /** The `nextCursor` of the previous page; when set, `page` is ignored. */
    cursor: z.coerce.number().int().min(0).optional(),
  }),
  output: z.object({
    pageData: z.array(postItem),
    currentPage: z.number().int(),
    perPage: z.number().int(),
    totalCount: z.number().int(),
    totalPage: z.number().int(),
    /** Pass back as `cursor` for the next page; null at the end. */
    nextCursor: z.number().int().nullable(),
  }),
});

/** `GET posts.detail`: one reply with its comments (by cursor). */
export const postsDetail = defineCall({
  method: 'GET',
  path: '/api/v3/posts.detail',
  summary: 'One reply with a page of its comments',
  tags: ['posts'],
  input: z.object({
    postId: idField,
    cursor: z.coerce.number().int().min(0).optional(),
    perPage: z.coerce.number().int().min(1).max(50).default(20),
  }),
  output: z.object({ post: postItem, comments: z.array(postBase), nextCursor: z.number().int().nullable() }),
});

/** `POST posts.create`: a reply, or a comment on a reply (`isComment` + `replyId`). */
export const postsCreate = defineCall({
  method: 'POST',
  path: '/api/v3/posts.create',
  summary: 'Reply to a thread or comment on a reply',
  tags: ['posts'],
  input: z.object({
    id: idField,
    content: z
      .string()
      .trim()
      .min(1, { message: 'content is required' })
      .max(POST_TEXT_MAX, { message: `content can be at most ${POST_TEXT_MAX} characters` }),
    isComment: boolish.default(false),
    replyId: idField.optional(),
    commentPostId: idField.optional(),
    attachments: z
      .array(z.object({ id: idField }))
      .max(9)
      .default([]),
    captchaTicket: z.string().max(500).optional(),
    captchaRandStr: z.string().max(500).optional(),
  }),
  output: postItem,
});

const postChanges = z.object({
  content: z
    .string()
    .trim()
    .min(1)
    .max(POST_TEXT_MAX, { message: `content can be at most ${POST_TEXT_MAX} characters` })
    .optional(),
  isLiked: boolish.optional(),
  isDeleted: boolish.optional(),
  isApproved: z.coerce.number().int().min(0).max(2).optional(),
});

/** `POST posts.update`: edit, like, delete or approve (the original nests changes in `data.attributes`). */
export const postsUpdate = defineCall({
  method: 'POST',
  path: '/api/v3/posts.update',
  summary: 'Edit, like/unlike, delete/restore or approve a post',
  tags: ['posts'],
  input: postChanges.extend({
    postId: idField,
    data: z.object({ attributes: postChanges }).optional(),
  }),
  output: postItem,
});

/** `GET posts.postion` (sic, the original's name): which page a reply is on. */
export const postsPosition = defineCall({
  method: 'GET',
  path: '/api/v3/posts.postion',
  aliases: ['/api/v3/posts.position'],
  summary: 'Which page of its thread a reply is on',
  tags: ['posts'],
  input: z.object({
    threadId: idField,
    postId: idField,
    perPage: z.coerce.number().int().min(1).max(50).default(20),
  }),
  output: z.object({
    threadId: z.number().int(),
    postId: z.number().int(),
    page: z.number().int(),
    location: z.number().int(),
    cursor: z.number().int(),
  }),
});
