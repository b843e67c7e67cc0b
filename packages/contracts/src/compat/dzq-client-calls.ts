import { z } from 'zod';

/**
 * The calls the original Discuz! Q web client makes on the pages our spec §2 names, as it sends them, and
 * the fields it reads from each reply. The compatibility tests replay this list against the real server;
 * the schemas only pin what the client dereferences (`.passthrough()`: everything else may come along).
 */

/** A page of the original client. */
export type DzqPage = 'home' | 'thread' | 'login' | 'search' | 'my' | 'messages' | 'notifications';

/** Values the test fills in `{name}` placeholders of paths, queries and bodies with. */
export type DzqFixture = 'threadId' | 'authorId' | 'userId' | 'dialogId' | 'username' | 'password';

/** One call of the original client. */
export interface DzqClientCall {
  /** Unique name for test titles. */
  name: string;
  page: DzqPage;
  method: 'GET' | 'POST';
  /** Site-root path, `/api/v3/...` or the `/apiv3/...` alias the client also uses. */
  path: string;
  /** Query exactly as the client sends it: bracketed `filter[...]` keys; the `dzqSid`/`dzqPf` marks are added by the caller. */
  query?: Record<string, string>;
  /** JSON body; GETs carry `{}` with `Content-Type: application/json`, as the client sends them. */
  body?: Record<string, unknown>;
  /** Only a member makes this call. */
  member: boolean;
  /** What the original answered a guest on a new site (guests may not view users): the client handles it. */
  guestCode?: number;
  /** The fields and types the client reads from `Data`; a call whose `Data` the client dereferences is never empty. */
  reads: z.ZodType;
}

/** The `dzqSid` and `dzqPf` marks the original clients add to every call. */
export const DZQ_MARKS = { dzqSid: 'compat-test-sid', dzqPf: 'pc' } as const;

const int = z.number().int();
const str = z.string();
const bool = z.boolean();

/** The list envelope the client reads `pageData` and the paging numbers from. */
const page = (item: z.ZodType) =>
  z
    .object({ pageData: z.array(item), currentPage: int, perPage: int, totalCount: int, totalPage: int })
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

/** A thread as list items and the detail page read it. */
const thread = z
  .object({
    threadId: int,
    postId: int,
    userId: int,
    categoryId: int,
    title: str,
    viewCount: int,
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
    content: z.object({ text: str, indexes: z.record(z.string(), z.unknown()) }).passthrough(),
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
  content: str,
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
const post = z
  .object({ ...postShape, lastThreeComments: z.array(z.object(postShape).passthrough()) })
  .passthrough();

/** A user card in search and follow lists. */
const listUser = z
  .object({ userId: int, nickname: str, avatar: str, isFollow: bool, isMutualFollow: bool })
  .passthrough();

/** A profile as `/my` and the author card read it. */
const profile = z
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

const category = z
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

const unread = z
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

/** The fields a notice card reads. */
const notice = z
  .object({
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
    isFirst: bool,
    isReply: bool,
    replyPostId: int,
    postContent: str,
  })
  .passthrough();

/** The notifications page's list of one tab. */
function notificationCall(tab: string, types: string): DzqClientCall {
  return {
    name: `notification (${tab})`,
    page: 'notifications',
    method: 'GET',
    path: '/api/v3/notification',
    member: true,
    query: { perPage: '10', page: '1', 'filter[type]': types },
    reads: page(notice),
  };
}

const threadListQuery = {
  perPage: '100',
  page: '1',
  'filter[essence]': '0',
  'filter[attention]': '0',
  'filter[sort]': '1',
  scope: '0',
};

/** Every call of the original client on the home, thread, login, search, `/my`, messages and notifications pages. */
export const dzqClientCalls: readonly DzqClientCall[] = [
  // Home.
  {
    name: 'emoji',
    page: 'home',
    method: 'GET',
    path: '/api/v3/emoji',
    member: false,
    reads: z.array(z.object({ id: int, category: str, url: str, code: str }).passthrough()).min(1),
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
    reads: z.array(category).min(1),
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
    reads: z.array(z.object({ threadId: int, categoryId: int, title: str }).passthrough()),
  },
  {
    name: 'thread.stick (category)',
    page: 'home',
    method: 'GET',
    path: '/api/v3/thread.stick',
    member: false,
    query: { 'categoryIds[]': '1' },
    reads: z.array(z.object({ threadId: int, categoryId: int, title: str }).passthrough()),
  },
  {
    name: 'thread.list (home)',
    page: 'home',
    method: 'GET',
    path: '/api/v3/thread.list',
    member: false,
    query: threadListQuery,
    reads: page(thread),
  },
  {
    name: 'thread.list (category and type)',
    page: 'home',
    method: 'GET',
    path: '/api/v3/thread.list',
    member: false,
    query: { ...threadListQuery, 'filter[categoryids][]': '1', 'filter[types][]': '100' },
    reads: page(thread),
  },
  {
    name: 'thread.recommends',
    page: 'home',
    method: 'GET',
    path: '/api/v3/thread.recommends',
    member: false,
    reads: z.array(z.object({ threadId: int, title: str, viewCount: int }).passthrough()),
  },
  {
    name: 'user (self)',
    page: 'home',
    method: 'GET',
    path: '/api/v3/user',
    member: true,
    query: { userId: '{userId}' },
    reads: profile,
  },
  {
    name: 'tom.permissions',
    page: 'home',
    method: 'GET',
    path: '/api/v3/tom.permissions',
    member: true,
    // The editor opens only when `createThread.enable` holds, and shows a button per `insert*.enable`.
    reads: z
      .object(
        Object.fromEntries(
          [
            'createThread',
            'insertImage',
            'insertVideo',
            'insertAudio',
            'insertDoc',
            'insertGoods',
            'insertPay',
            'insertReward',
            'insertRedPacket',
          ].map((k) => [k, z.object({ enable: bool }).passthrough()]),
        ),
      )
      .passthrough()
      .refine((p) => (p.createThread as { enable: boolean }).enable, 'a member may start a thread'),
  },
  {
    name: 'unreadnotification',
    page: 'home',
    method: 'GET',
    path: '/api/v3/unreadnotification',
    member: true,
    reads: unread,
  },

  // Thread page.
  {
    name: 'thread.detail',
    page: 'thread',
    method: 'GET',
    path: '/api/v3/thread.detail',
    member: false,
    query: { threadId: '{threadId}' },
    reads: thread,
  },
  {
    name: 'user (author)',
    page: 'thread',
    method: 'GET',
    path: '/api/v3/user',
    member: false,
    query: { userId: '{authorId}' },
    reads: profile,
  },
  {
    name: 'posts.list',
    page: 'thread',
    method: 'GET',
    path: '/api/v3/posts.list',
    member: false,
    query: { 'filter[thread]': '{threadId}', sort: 'createdAt', page: '1', perPage: '20', index: '1' },
    reads: page(post).and(z.object({ pageData: z.array(z.unknown()).min(1) }).passthrough()),
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
    reads: z.array(z.object({ threadId: int, title: str, viewCount: int }).passthrough()),
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

  // Search.
  {
    name: 'topics.list (search)',
    page: 'search',
    method: 'GET',
    path: '/api/v3/topics.list',
    member: false,
    query: { 'filter[hot]': '1', 'filter[content]': '', perPage: '10', page: '1' },
    reads: page(z.object({ topicId: int, content: str, threadCount: int, viewCount: int }).passthrough()),
  },
  {
    name: 'users.list (search)',
    page: 'search',
    method: 'GET',
    path: '/api/v3/users.list',
    member: false,
    query: { 'filter[hot]': '1', 'filter[nickname]': '', perPage: '10', page: '1' },
    reads: page(listUser),
  },
  {
    name: 'thread.list (search)',
    page: 'search',
    method: 'GET',
    path: '/api/v3/thread.list',
    member: false,
    query: { 'filter[search]': '{username}', scope: '0', sequence: '2', perPage: '10', page: '1' },
    reads: page(thread),
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
    reads: profile,
  },
  {
    name: 'thread.list (my threads)',
    page: 'my',
    method: 'GET',
    path: '/api/v3/thread.list',
    member: true,
    // `toUserId` 0 means "me".
    query: { 'filter[toUserId]': '0', 'filter[complex]': '5', page: '1' },
    reads: page(thread),
  },
  {
    name: 'follow.list (follows)',
    page: 'my',
    method: 'GET',
    path: '/api/v3/follow.list',
    member: true,
    query: { 'filter[type]': '1', perPage: '20', page: '1' },
    reads: page(listUser),
  },
  {
    name: 'follow.list (fans)',
    page: 'my',
    method: 'GET',
    path: '/api/v3/follow.list',
    member: true,
    query: { 'filter[type]': '2', perPage: '20', page: '1' },
    reads: page(listUser),
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
    reads: page(
      z
        .object({
          id: int,
          dialogMessage: z.object({ summary: str, createdAt: str }).passthrough(),
          sender: z.object({ userId: int, nickname: str, avatar: str }).passthrough(),
          recipient: z.object({ userId: int, nickname: str, avatar: str }).passthrough(),
        })
        .passthrough(),
    ),
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

  // Notifications: one list per tab, by type.
  notificationCall('threads', 'related,replied,liked'),
  notificationCall('account', 'system'),
  notificationCall('financial', 'rewarded,threadrewarded,receiveredpacket,threadrewardedexpired'),
];
