import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createThread, registerUser, startTestApp, type TestApp } from '../../test/harness.js';
import { presentNotification } from './notifications.repository.js';

let t: TestApp;
type U = { token: string; userId: number; username: string };
let ann: U;
let ben: U;
let cat: U;

beforeAll(async () => {
  t = await startTestApp();
  [ann, ben, cat] = await Promise.all([registerUser(t.app), registerUser(t.app), registerUser(t.app)]);
  await t.app.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
});
afterAll(async () => t?.close());

const post = (token: string | undefined, path: string, body: object) =>
  call(t.app, 'POST', `/api/v3/${path}`, { token, body });
const list = (token: string | undefined, type: string) =>
  call(t.app, 'GET', '/api/v3/notification', { token, query: { 'filter[type]': type } });
const unread = async (u: U) =>
  (await call(t.app, 'GET', '/api/v3/unreadnotification', { token: u.token })).Data;

describe('notifications', () => {
  it('a reply tells the thread author; listing marks read; counts in the badge buckets', async () => {
    const threadId = await createThread(t.app, ann.token, '通知测试帖');
    expect((await post(ben.token, 'posts.create', { id: threadId, content: '我来回复一下' })).Code).toBe(0);
    // Ann's own reply on her thread tells nobody.
    expect((await post(ann.token, 'posts.create', { id: threadId, content: '自己回复' })).Code).toBe(0);
    // Beside the reply, Ann's welcome notice (system) is unread.
    expect(await unread(ann)).toMatchObject({
      unreadNotifications: 2,
      threadUnread: 1,
      accountUnread: 1,
      totalUnread: 2,
      typeUnreadNotifications: expect.objectContaining({ replied: 1, liked: 0, system: 1 }),
    });
    const page = await list(ann.token, 'replied');
    expect(page.Data.pageData).toEqual([
      expect.objectContaining({
        type: 'replied',
        event: 'content.replied',
        threadId,
        threadTitle: '通知测试帖',
        isRead: false,
        sender: expect.objectContaining({ userId: ben.userId }),
      }),
    ]);
    expect(page.Data.pageData[0].content).toContain('我来回复一下');
    expect((await unread(ann)).threadUnread).toBe(0);
    expect((await list(ann.token, 'replied')).Data.pageData[0].isRead).toBe(true);
  });

  it('comments tell the reply author, likes the post author, mentions the named, follows the followed', async () => {
    const threadId = await createThread(t.app, ann.token, '楼中楼');
    const reply = await post(ben.token, 'posts.create', { id: threadId, content: '一楼' });
    await post(cat.token, 'posts.create', {
      id: threadId,
      content: '评论一楼',
      isComment: true,
      replyId: reply.Data.id,
    });
    const benReplied = await list(ben.token, 'replied');
    expect(benReplied.Data.pageData[0]).toMatchObject({
      postId: expect.any(Number),
      sender: expect.objectContaining({ userId: cat.userId }),
    });
    expect(benReplied.Data.pageData[0]).toMatchObject({
      isFirst: false,
      // The original's number: its clients open the comment page when it is 1.
      isReply: 1,
      replyPostId: reply.Data.id,
      postContent: '评论一楼',
    });
    await post(cat.token, 'posts.update', { postId: reply.Data.id, data: { attributes: { isLiked: true } } });
    expect((await list(ben.token, 'liked')).Data.pageData[0]).toMatchObject({
      event: 'content.liked',
      threadId,
      isFirst: false,
      postContent: '一楼',
    });
    // A like on the thread's first post is about the thread (the original's clients then say 主题).
    const detail = await call(t.app, 'GET', '/api/v3/thread.detail', {
      token: cat.token,
      query: { threadId: String(threadId) },
    });
    const firstPostId = detail.Data.postId as number;
    await post(cat.token, 'posts.update', { postId: firstPostId, data: { attributes: { isLiked: true } } });
    expect((await list(ann.token, 'liked')).Data.pageData[0]).toMatchObject({
      event: 'content.liked',
      postId: firstPostId,
      isFirst: true,
      isReply: 0,
      // Whose thread it is, as the original's notice cards name them.
      threadUsername: ann.username,
    });
    expect((await list(ann.token, 'liked')).Data.pageData[0].postContent).not.toBe('');
    const me = (
      await call(t.app, 'GET', '/api/v3/user', { token: cat.token, query: { userId: String(cat.userId) } })
    ).Data;
    await post(ben.token, 'posts.create', { id: threadId, content: `@${me.username} 看这里` });
    expect((await list(cat.token, 'related')).Data.pageData[0]).toMatchObject({ event: 'content.mentioned' });
    await post(cat.token, 'follow.create', { toUserId: ben.userId });
    expect((await list(ben.token, 'system')).Data.pageData[0]).toMatchObject({ event: 'user.followed' });
  });

  it('nobody is told by someone they blocked; deletes one or all of a type', async () => {
    await post(ann.token, 'users/deny.create', { id: cat.userId });
    const threadId = await createThread(t.app, ann.token, '屏蔽测试');
    await post(cat.token, 'posts.create', { id: threadId, content: '被屏蔽者的回复' });
    const items = (await list(ann.token, 'replied')).Data.pageData as Array<{ threadId: number; id: number }>;
    expect(items.some((n) => n.threadId === threadId)).toBe(false);
    await post(ann.token, 'users/deny.delete', { id: cat.userId });

    const one = await post(ann.token, 'notification.delete', { id: items[0]!.id });
    expect(one.Data.deleted).toBe(1);
    expect((await post(ben.token, 'notification.delete', { id: items[0]!.id })).Data.deleted).toBe(0);
    await post(ann.token, 'notification.delete', { type: 'replied' });
    expect((await list(ann.token, 'replied')).Data.totalCount).toBe(0);
  });

  it('an anonymous writer is still held to the blocks of the people they mention, and not named to them', async () => {
    const mention = (title: string) =>
      post(cat.token, 'thread.create', {
        categoryId: 1,
        title,
        content: { text: `<p>@${ann.username} ${title}</p>` },
        anonymous: 1,
      });
    await post(ann.token, 'users/deny.create', { id: cat.userId });
    const blocked = await mention('匿名提到一');
    expect(blocked.Code).toBe(0);
    await post(ann.token, 'users/deny.delete', { id: cat.userId });
    const shown = await mention('匿名提到二');
    const items = (await list(ann.token, 'related')).Data.pageData as Array<{ threadId: number }>;
    expect(items.some((n) => n.threadId === blocked.Data.threadId)).toBe(false);
    const told = items.find((n) => n.threadId === shown.Data.threadId);
    expect(told).toBeDefined();
    expect(JSON.stringify(told)).not.toContain(cat.username);
  });

  it('guests are sent to login; bad types are -4001 naming the field', async () => {
    expect((await list(undefined, 'replied')).Code).toBe(-3001);
    expect((await call(t.app, 'GET', '/api/v3/unreadnotification')).Code).toBe(-3001);
    expect((await post(undefined, 'notification.delete', { id: 1 })).Code).toBe(-3001);
    const bad = await list(ann.token, 'nonsense');
    expect(bad.Code).toBe(-4001);
    expect(bad.Message).toContain('filter');
    expect((await post(ann.token, 'notification.delete', {})).Code).toBe(-4001);
  });

  it('seeds a template per event (system channel) and renders from the stored text', async () => {
    const rows = (
      await t.app.forum.database.exec('SELECT count(*)::int AS n FROM notification_tpls WHERE type = 0')
    ).rows;
    expect((rows[0] as { n: number }).n).toBe(33);
  });
});

describe("the original clients' names of a notice", () => {
  const row = {
    id: 1,
    userId: 2,
    type: 'threadrewarded',
    senderId: 3,
    data: {
      event: 'bounty.paid',
      title: 't',
      content: 'c',
      excerpt: '',
      threadId: 9,
      postId: null,
      threadTitle: 'x',
    },
    readAt: null,
    createdAt: new Date(0),
  } as unknown as Parameters<typeof presentNotification>[0];
  const sender = { userId: 3, nickname: 'Ben', username: 'ben', avatarUrl: '/a.png' };
  const author = { username: 'ann', nickname: 'Ann', avatar: '/b.png', isAnonymous: false };

  it('names the sender and the thread author', () => {
    expect(presentNotification(row, sender, 'zh', undefined, author)).toMatchObject({
      username: 'ben',
      nickname: 'Ben',
      userAvatar: '/a.png',
      threadUsername: 'ann',
      threadUserNickname: 'Ann',
      threadUserAvatar: '/b.png',
      isReply: 0,
    });
  });
  it("hides the author of an anonymous thread, in the reader's language", () => {
    const hidden = { ...author, isAnonymous: true };
    expect(presentNotification(row, sender, 'en', undefined, hidden)).toMatchObject({
      threadUsername: 'Anonymous',
      threadUserNickname: 'Anonymous',
      threadUserAvatar: '',
    });
    expect(presentNotification(row, null, 'zh', undefined, hidden).threadUserNickname).toBe('匿名用户');
  });
});
