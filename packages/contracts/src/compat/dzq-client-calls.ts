import { z } from 'zod';
import { absUrl, bool, filledPage, int, str, type DzqClientCall } from './dzq-call.js';
import { dzqEditorCalls, dzqPermissionsReads } from './dzq-editor-calls.js';
import { dzqNoticeCalls } from './dzq-notice-calls.js';
import { dzqSearchCalls } from './dzq-search-calls.js';
import {
  dzqCategory,
  dzqDialog,
  dzqFollowItem,
  dzqPost,
  dzqProfile,
  dzqThread,
  dzqUnread,
} from './dzq-shapes.js';

export * from './dzq-call.js';
export * from './dzq-editor-calls.js';
export * from './dzq-shapes.js';

/**
 * The calls the original Discuz! Q web client makes on the pages our spec §2 names, as it sends them, and
 * the fields it reads from each reply. The compatibility tests replay this list against the real server;
 * the schemas only pin what the client dereferences (`.passthrough()`: everything else may come along).
 * Imported as `@forum/contracts/compat` (tests only), so no client bundle carries it.
 */

const forumReads = z
  .object({
    setSite: z
      .object({
        siteName: str,
        siteMode: str,
        siteClose: bool,
        siteLogo: str,
        siteHeaderLogo: str,
        siteFavicon: str,
        siteIntroduction: str,
        siteRecord: str,
        sitePrice: str,
        siteExpire: str,
        siteManage: z.array(z.unknown()),
        siteAuthor: z.object({ id: int, username: str, avatar: str }).passthrough(),
        siteOpenSort: int,
        openViewCount: int,
        siteCharge: int,
      })
      .passthrough(),
    setReg: z.object({ registerClose: bool, registerType: int, registerCaptcha: bool }).passthrough(),
    passport: z
      .object({
        offiaccountOpen: bool,
        miniprogramOpen: bool,
        oplatformOpen: bool,
        offiaccountClose: bool,
        miniprogramClose: bool,
      })
      .passthrough(),
    paycenter: z.object({ wxpayClose: bool, wxpayIos: bool, wxpayMchpayClose: bool }).passthrough(),
    setAttach: z
      .object({ supportImgExt: str, supportFileExt: str, supportMaxSize: int, supportMaxDownloadNum: int })
      .passthrough(),
    qcloud: z
      .object({
        qcloudClose: bool,
        qcloudSms: bool,
        qcloudCaptcha: bool,
        qcloudCaptchaAppId: str,
        qcloudFaceid: bool,
        qcloudCos: bool,
        qcloudVod: bool,
        qcloudCosDocPreview: bool,
      })
      .passthrough(),
    setCash: z.object({ cashRate: z.number(), cashMinSum: z.number() }).passthrough(),
    other: z
      .object({
        countUsers: int,
        countThreads: int,
        countPosts: int,
        canCreateThread: bool,
        canViewThreads: bool,
        threadOptimize: bool,
      })
      .passthrough(),
    lbs: z.object({ lbs: bool, qqLbsKey: str }).passthrough(),
    ucenter: z.object({ ucenter: bool }).passthrough(),
    agreement: z.object({ privacy: bool, register: bool }).passthrough(),
  })
  .passthrough();

/** `forum` for a member: the same, with `user.userId` (the client keeps it as the logged-in user). */
const forumMemberReads = forumReads.and(
  z.object({ user: z.object({ userId: int }).passthrough() }).passthrough(),
);

const threadListQuery = {
  perPage: '100',
  page: '1',
  'filter[essence]': '0',
  'filter[attention]': '0',
  'filter[sort]': '1',
  scope: '0',
};

/**
 * Every call of the original client on the home, thread, login, `/my` and messages pages, its editor
 * (`/thread/post`), its message centre (`/message`) and its search pages.
 */
export const dzqClientCalls: readonly DzqClientCall[] = [
  // Home.
  {
    name: 'emoji',
    page: 'home',
    method: 'GET',
    path: '/api/v3/emoji',
    member: false,
    reads: z.array(z.object({ id: int, category: str, url: absUrl, code: str }).passthrough()).min(1),
  },
  {
    name: 'forum (guest)',
    page: 'home',
    method: 'GET',
    path: '/api/v3/forum',
    member: false,
    reads: forumReads,
  },
  {
    name: 'forum (member)',
    page: 'home',
    method: 'GET',
    path: '/api/v3/forum',
    member: true,
    reads: forumMemberReads,
  },
  {
    name: 'plugin/list',
    page: 'home',
    method: 'GET',
    path: '/api/v3/plugin/list',
    member: false,
    reads: z.array(z.unknown()),
  },
  {
    name: 'categories',
    page: 'home',
    method: 'GET',
    path: '/api/v3/categories',
    member: false,
    reads: z.array(dzqCategory).min(1),
  },
  {
    name: 'thread.typelist',
    page: 'home',
    method: 'GET',
    path: '/api/v3/thread.typelist',
    member: false,
    reads: z.array(z.object({ name: str, type: z.union([int, str]) }).passthrough()).min(1),
  },
  {
    name: 'thread.stick',
    page: 'home',
    method: 'GET',
    path: '/api/v3/thread.stick',
    member: false,
    reads: z.array(z.object({ threadId: int, categoryId: int, title: str }).passthrough()).min(1),
  },
  {
    name: 'thread.stick (category)',
    page: 'home',
    method: 'GET',
    path: '/api/v3/thread.stick',
    member: false,
    query: { 'categoryIds[]': '1' },
    reads: z.array(z.object({ threadId: int, categoryId: int, title: str }).passthrough()).min(1),
  },
  {
    name: 'thread.list (home)',
    page: 'home',
    method: 'GET',
    path: '/api/v3/thread.list',
    member: false,
    query: threadListQuery,
    reads: filledPage(dzqThread),
  },
  {
    name: 'thread.list (category and type)',
    page: 'home',
    method: 'GET',
    path: '/api/v3/thread.list',
    member: false,
    query: { ...threadListQuery, 'filter[categoryids][]': '1', 'filter[types][]': '100' },
    reads: filledPage(dzqThread),
  },
  {
    name: 'thread.recommends',
    page: 'home',
    method: 'GET',
    path: '/api/v3/thread.recommends',
    member: false,
    reads: z.array(z.object({ threadId: int, title: str, viewCount: int }).passthrough()).min(1),
  },
  {
    name: 'user (self)',
    page: 'home',
    method: 'GET',
    path: '/api/v3/user',
    member: true,
    query: { userId: '{userId}' },
    reads: dzqProfile,
  },
  {
    name: 'tom.permissions',
    page: 'home',
    method: 'GET',
    path: '/api/v3/tom.permissions',
    member: true,
    // The home page's post button and the editor both read these.
    reads: dzqPermissionsReads,
  },
  {
    name: 'unreadnotification',
    page: 'home',
    method: 'GET',
    path: '/api/v3/unreadnotification',
    member: true,
    reads: dzqUnread,
  },

  // Thread page.
  {
    name: 'thread.detail',
    page: 'thread',
    method: 'GET',
    path: '/api/v3/thread.detail',
    member: false,
    query: { threadId: '{threadId}' },
    reads: dzqThread,
  },
  {
    name: 'user (author)',
    page: 'thread',
    method: 'GET',
    path: '/api/v3/user',
    member: false,
    query: { userId: '{authorId}' },
    reads: dzqProfile,
  },
  {
    name: 'posts.list',
    page: 'thread',
    method: 'GET',
    path: '/api/v3/posts.list',
    member: false,
    query: { 'filter[thread]': '{threadId}', sort: 'createdAt', page: '1', perPage: '20', index: '1' },
    reads: filledPage(dzqPost),
  },
  {
    name: 'thread.likedusers',
    page: 'thread',
    method: 'GET',
    path: '/api/v3/thread.likedusers',
    member: false,
    query: { threadId: '{threadId}', type: '2', page: '1', perPage: '300' },
    reads: z
      .object({
        pageData: z
          .object({
            allCount: int,
            likeCount: int,
            rewardCount: int,
            raidCount: int,
            list: z.array(
              z.object({ userId: int, nickname: str, avatar: str, type: int, passedAt: str }).passthrough(),
            ),
          })
          .passthrough(),
        currentPage: int,
        perPage: int,
        totalCount: int,
        totalPage: int,
      })
      .passthrough(),
  },
  {
    name: 'view.count',
    page: 'thread',
    method: 'GET',
    path: '/api/v3/view.count',
    member: false,
    query: { threadId: '{threadId}' },
    reads: z.object({ viewCount: int }).passthrough(),
  },
  {
    name: 'thread.recommends (thread page)',
    page: 'thread',
    method: 'GET',
    path: '/api/v3/thread.recommends',
    member: false,
    reads: z.array(z.object({ threadId: int, title: str, viewCount: int }).passthrough()).min(1),
  },

  // Login.
  {
    name: 'users/username.login',
    page: 'login',
    method: 'POST',
    path: '/api/v3/users/username.login',
    member: false,
    body: { username: '{username}', password: '{password}', type: 'mobilebrowser_username_login' },
    reads: z.object({ accessToken: str, uid: int, userStatus: int, isMissNickname: bool }).passthrough(),
  },

  // My page.
  {
    name: 'user (my)',
    page: 'my',
    method: 'GET',
    path: '/api/v3/user',
    member: true,
    // This client version names the user `pid`; the home page's call (reference §2.3a) says `userId`.
    query: { pid: '{userId}' },
    reads: dzqProfile,
  },
  {
    name: 'thread.list (my threads)',
    page: 'my',
    method: 'GET',
    path: '/api/v3/thread.list',
    member: true,
    // `toUserId` 0 means "me".
    query: { 'filter[toUserId]': '0', 'filter[complex]': '5', page: '1' },
    reads: filledPage(dzqThread),
  },
  {
    name: 'follow.list (follows)',
    page: 'my',
    method: 'GET',
    path: '/api/v3/follow.list',
    member: true,
    query: { 'filter[type]': '1', perPage: '20', page: '1' },
    reads: filledPage(dzqFollowItem),
  },
  {
    name: 'follow.list (fans)',
    page: 'my',
    method: 'GET',
    path: '/api/v3/follow.list',
    member: true,
    query: { 'filter[type]': '2', perPage: '20', page: '1' },
    reads: filledPage(dzqFollowItem),
  },
  {
    name: 'upgrade.group',
    page: 'my',
    method: 'GET',
    path: '/apiv3/upgrade.group',
    member: true,
    reads: z.array(
      z
        .object({ groupId: int, name: str, fee: str, days: int, level: int, isPaid: bool, button: int })
        .passthrough(),
    ),
  },

  // Messages.
  {
    name: 'dialog',
    page: 'messages',
    method: 'GET',
    path: '/api/v3/dialog',
    member: true,
    query: { perPage: '20', page: '1' },
    reads: filledPage(dzqDialog),
  },
  {
    name: 'dialog/message',
    page: 'messages',
    method: 'GET',
    path: '/api/v3/dialog/message',
    member: true,
    query: { perPage: '200', page: '1', 'filter[dialogId]': '{dialogId}' },
    // The client pages with `page` and reads `totalPage`/`totalCount` to know whether older messages remain.
    reads: z
      .object({
        currentPage: int,
        totalCount: int,
        totalPage: int,
        pageData: z
          .array(
            z
              .object({
                id: int,
                dialogId: int,
                userId: int,
                messageText: str,
                imageUrl: str,
                user: z.object({ avatar: str }).passthrough(),
              })
              .passthrough(),
          )
          .min(1),
      })
      .passthrough(),
  },

  // The editor, the message centre and the search page.
  ...dzqEditorCalls,
  ...dzqNoticeCalls,
  ...dzqSearchCalls,
];
