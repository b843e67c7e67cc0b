import { z } from 'zod';
import { absUrl, bool, filledPage, int, str, type DzqClientCall } from './dzq-call.js';
import {
  dzqCategory,
  dzqContent,
  dzqFile,
  dzqFollowItem,
  dzqImage,
  dzqSearchUser,
  dzqThread,
  dzqTopic,
} from './dzq-shapes.js';

/** The permission objects the editor reads (`createThread.enable` opens it; one toolbar button per `insert*`). */
export const DZQ_EDITOR_PERMISSIONS = [
  'createThread',
  'insertImage',
  'insertVideo',
  'insertAudio',
  'insertDoc',
  'insertGoods',
  'insertPay',
  'insertReward',
  'insertRedPacket',
  'insertPosition',
  'insertVote',
  'allowAnonymous',
] as const;

export const dzqPermissionsReads = z
  .object(
    Object.fromEntries(DZQ_EDITOR_PERMISSIONS.map((k) => [k, z.object({ enable: bool }).passthrough()])),
  )
  .passthrough()
  .refine((p) => (p.createThread as { enable: boolean }).enable, 'a member may start a thread');

/**
 * The text the editor sends: its topic picker inserts ` #name# ` and the editor wraps lines in `<p>`.
 * Together with `dzqEditorIndexes` this is what the editor's publish button sends (`thread.create`).
 */
export const dzqEditorText = '<p>原版编辑器发的帖子 #{topic}# 带一张图</p>';
/**
 * The picture and document blocks as the editor builds them from its uploads: keyed by their tom id (101,
 * 108), the upload ids as numbers.
 */
export const dzqEditorIndexes = {
  101: { tomId: 101, body: { imageIds: ['{imageId}'] } },
  108: { tomId: 108, body: { docIds: ['{fileId}'] } },
};

/**
 * What the publish button sends besides the content (`getCreateThreadParams`): no price, no anonymity; a
 * thread without a place sends no `position` when new and an empty one when edited (that clears it).
 */
const editorParams = { title: '', categoryId: 1, price: 0, freeWords: 0, attachmentPrice: 0, anonymous: 0 };
const noPlace = { longitude: 0, latitude: 0, cityname: '', address: '', location: '' };

/** What edit mode reads of `thread.detail` to fill the editor back in (`formatThreadDetailToPostData`). */
const editorDetailReads = z
  .object({
    threadId: int,
    title: str,
    categoryId: int,
    price: z.number(),
    attachmentPrice: z.number(),
    freewords: z.number(),
    isDraft: bool,
    isAnonymous: bool,
    position: z.object({ address: str }).passthrough(),
    content: dzqContent,
  })
  .passthrough();

/** Every call of the editor (`/thread/post`, pc and h5) for a new thread, in the order it makes them. */
export const dzqEditorCalls: readonly DzqClientCall[] = [
  // The page's data: the site, the member, their permissions, the emoji picker, the category picker.
  {
    name: 'forum (editor)',
    page: 'editor',
    method: 'GET',
    path: '/api/v3/forum',
    member: true,
    // The upload checks read the allowed types and size; publishing reads the captcha switches.
    reads: z
      .object({
        setAttach: z.object({ supportImgExt: str, supportFileExt: str, supportMaxSize: int }).passthrough(),
        qcloud: z.object({ qcloudCos: bool, qcloudCaptcha: bool }).passthrough(),
        other: z.object({ canCreateThread: bool }).passthrough(),
        lbs: z.object({ lbs: bool, qqLbsKey: str }).passthrough(),
        user: z.object({ userId: int }).passthrough(),
      })
      .passthrough(),
  },
  {
    name: 'user (editor)',
    page: 'editor',
    method: 'GET',
    path: '/api/v3/user',
    member: true,
    query: { userId: '{userId}' },
    reads: z.object({ id: int, userId: int, nickname: str, avatar: str }).passthrough(),
  },
  {
    name: 'tom.permissions (editor)',
    page: 'editor',
    method: 'GET',
    path: '/api/v3/tom.permissions',
    member: true,
    reads: dzqPermissionsReads,
  },
  {
    name: 'emoji (editor)',
    page: 'editor',
    method: 'GET',
    path: '/api/v3/emoji',
    member: true,
    reads: z.array(z.object({ code: str, url: absUrl }).passthrough()).min(1),
  },
  {
    name: 'categories.thread',
    page: 'editor',
    method: 'GET',
    path: '/api/v3/categories.thread',
    member: true,
    // The picker keeps categories with `canCreateThread`, and their children that have it.
    reads: z.array(dzqCategory).min(1),
  },
  // The topic picker (`#` in the text or its button): recommended topics, then what the member types.
  {
    name: 'topics.list (editor, recommended)',
    page: 'editor',
    method: 'GET',
    path: '/api/v3/topics.list',
    member: true,
    query: { page: '1', perPage: '20', 'filter[recommended]': '1' },
    reads: filledPage(dzqTopic),
  },
  {
    name: 'topics.list (editor, typed)',
    page: 'editor',
    method: 'GET',
    path: '/api/v3/topics.list',
    member: true,
    query: { page: '1', perPage: '20', 'filter[content]': '{topic}' },
    reads: filledPage(dzqTopic),
  },
  // The `@` picker: the member's follows, then anyone by nickname once they type.
  {
    name: 'follow.list (editor @)',
    page: 'editor',
    method: 'GET',
    path: '/api/v3/follow.list',
    member: true,
    query: { page: '1', perPage: '10', 'filter[type]': '1' },
    reads: filledPage(dzqFollowItem),
  },
  {
    name: 'users.list (editor @, typed)',
    page: 'editor',
    method: 'GET',
    path: '/api/v3/users.list',
    member: true,
    query: { 'filter[hot]': '0', 'filter[nickname]': '{username}', perPage: '10', page: '1' },
    reads: filledPage(dzqSearchUser),
  },
  // A picture: the upload component posts the file with `type` 1; its card shows `thumbUrl`.
  {
    name: 'attachments (image)',
    page: 'editor',
    method: 'POST',
    path: '/api/v3/attachments',
    member: true,
    upload: { fields: { type: '1' }, fileName: 'photo.png', mime: 'image/png' },
    reads: dzqImage.and(z.object({ type: int }).passthrough()),
  },
  // A document: the attachment button posts it with `type` 0; its card shows the name and size.
  {
    name: 'attachments (file)',
    page: 'editor',
    method: 'POST',
    path: '/api/v3/attachments',
    member: true,
    upload: { fields: { type: '0' }, fileName: 'notes.pdf', mime: 'application/pdf' },
    reads: dzqFile.and(z.object({ type: int }).passthrough()),
  },
  // Publish: the editor's parameters, then it opens `/thread/{threadId}` and puts the thread on the home list.
  {
    name: 'thread.create',
    page: 'editor',
    method: 'POST',
    path: '/api/v3/thread.create',
    member: true,
    body: {
      ...editorParams,
      content: { text: dzqEditorText, indexes: dzqEditorIndexes },
      draft: 0,
    },
    reads: dzqThread,
  },
  // 保存草稿: the same call with `draft` 1; the editor keeps the returned `threadId` and publishes with
  // `thread.update` from then on.
  {
    name: 'thread.create (draft)',
    page: 'editor',
    method: 'POST',
    path: '/api/v3/thread.create',
    member: true,
    body: { ...editorParams, content: { text: '<p>草稿</p>' }, draft: 1 },
    reads: dzqThread.and(z.object({ isDraft: z.literal(true) }).passthrough()),
  },
  // Edit mode (`/thread/post?id=`): the thread, the categories it may move to, then `thread.update`.
  {
    name: 'thread.detail (editor, edit)',
    page: 'editor',
    method: 'GET',
    path: '/api/v3/thread.detail',
    member: true,
    query: { threadId: '{ownThreadId}' },
    reads: editorDetailReads,
  },
  {
    name: 'categories.thread (editor, edit)',
    page: 'editor',
    method: 'GET',
    path: '/api/v3/categories.thread',
    member: true,
    query: { threadId: '{ownThreadId}' },
    // In edit mode the picker keeps the categories with `canEditThread` instead.
    reads: z
      .array(dzqCategory.and(z.object({ canEditThread: bool }).passthrough()))
      .refine((l) => l.some((c) => c.canEditThread), 'a category the thread may stay in'),
  },
  {
    name: 'thread.update',
    page: 'editor',
    method: 'POST',
    path: '/api/v3/thread.update',
    member: true,
    body: {
      ...editorParams,
      threadId: '{ownThreadId}',
      content: { text: '<p>改过的帖子 #{topic}#</p>' },
      position: noPlace,
      draft: 0,
    },
    reads: dzqThread,
  },
];
