import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';
import { ANONYMOUS_NICKNAME } from '../posts/index.js';

let t: TestApp;
let admin: { token: string; userId: number };
let author: { token: string; userId: number; username: string };
let bob: { token: string; userId: number; username: string };
let threadId: number;
let firstPostId: number;
let authorReply: number;
let bobReply: number;

const get = (path: string, query: Record<string, number>, token?: string) =>
  call(t.app, 'GET', `/api/v3/${path}`, {
    token,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
const post = (path: string, token: string, body: object) =>
  call(t.app, 'POST', `/api/v3/${path}`, { token, body });
const reply = async (token: string, body: object) => (await post('posts.create', token, body)).Data;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
  admin = await adminUser(t.app);
  author = await registerUser(t.app);
  bob = await registerUser(t.app);
  const r = await post('thread.create', author.token, {
    categoryId: 1,
    title: 'anonymous',
    content: { text: '<p>said anonymously</p>' },
    anonymous: 1,
  });
  threadId = r.Data.threadId;
  firstPostId = r.Data.postId;
  authorReply = (await reply(author.token, { id: threadId, content: 'the author again' })).id;
  bobReply = (await reply(bob.token, { id: threadId, content: 'bob here' })).id;
});
afterAll(async () => t?.close());

const anonymous = { userId: 0, nickname: ANONYMOUS_NICKNAME, avatar: '', groupName: '' };

describe('author visibility in an anonymous thread', () => {
  it('posts.detail of the first post: the anonymous user for guests and members, the author for themself and admins', async () => {
    for (const token of [undefined, bob.token]) {
      const d = await get('posts.detail', { postId: firstPostId }, token);
      expect(d.Code).toBe(0);
      expect(d.Data.post).toMatchObject({ userId: 0, user: anonymous });
      expect(JSON.stringify(d.Data)).not.toContain(author.username);
    }
    for (const token of [author.token, admin.token]) {
      const d = await get('posts.detail', { postId: firstPostId }, token);
      expect(d.Data.post).toMatchObject({ userId: author.userId, user: { nickname: author.username } });
    }
  });

  it('a like answers with the anonymous post, and the author liking stays anonymous among likers', async () => {
    const liked = await post('posts.update', bob.token, { postId: firstPostId, isLiked: true });
    expect(liked.Code).toBe(0);
    expect(liked.Data).toMatchObject({ userId: 0, user: anonymous, isLiked: true });
    expect((await post('posts.update', author.token, { postId: bobReply, isLiked: true })).Code).toBe(0);
    const likers = await get('thread.likedusers', { threadId, postId: bobReply });
    expect(likers.Data.pageData.list).toEqual([
      expect.objectContaining({ userId: 0, nickname: ANONYMOUS_NICKNAME, avatar: '', type: 1 }),
    ]);
    const asAdmin = await get('thread.likedusers', { threadId, postId: bobReply }, admin.token);
    expect(asAdmin.Data.pageData.list[0]).toMatchObject({ userId: author.userId, nickname: author.username });
    const thread = await get('thread.detail', { threadId }, bob.token);
    expect(thread.Data.likeReward.users).toEqual([
      { userId: bob.userId, nickname: bob.username, avatar: '' },
    ]);
  });

  it("the author's replies stay anonymous, other people's do not, and comments hide whom they answer", async () => {
    const comment = await reply(bob.token, {
      id: threadId,
      content: 'c',
      isComment: true,
      replyId: authorReply,
    });
    expect(comment).toMatchObject({ userId: bob.userId, replyUserId: 0, replyUser: anonymous });
    const page = await get('posts.list', { 'filter[thread]': threadId });
    const [mine, bobs] = page.Data.pageData;
    expect(mine).toMatchObject({ id: authorReply, userId: 0, user: anonymous });
    expect(mine.lastThreeComments[0]).toMatchObject({ userId: bob.userId, replyUserId: 0 });
    expect(bobs).toMatchObject({ id: bobReply, userId: bob.userId, user: { nickname: bob.username } });
    const own = await get('posts.list', { 'filter[thread]': threadId }, author.token);
    expect(own.Data.pageData[0]).toMatchObject({
      userId: author.userId,
      user: { nickname: author.username },
    });
  });

  it('threads that are not anonymous show their author to everyone, as before', async () => {
    const r = await post('thread.create', author.token, {
      categoryId: 1,
      title: 'named',
      content: { text: 'x' },
    });
    const d = await get('posts.detail', { postId: r.Data.postId });
    expect(d.Data.post).toMatchObject({ userId: author.userId, user: { nickname: author.username } });
  });
});

describe('deleted and pending posts answer as if missing', () => {
  it('a deleted reply and its likers are -4004 to everyone, its author included', async () => {
    const gone = (await reply(bob.token, { id: threadId, content: 'soon gone' })).id;
    await post('posts.update', author.token, { postId: gone, isLiked: true });
    expect((await post('posts.update', bob.token, { postId: gone, isDeleted: true })).Code).toBe(0);
    for (const token of [undefined, author.token, bob.token, admin.token]) {
      expect((await get('posts.detail', { postId: gone }, token)).Code).toBe(-4004);
      expect((await get('thread.likedusers', { threadId, postId: gone }, token)).Code).toBe(-4004);
      expect((await get('posts.postion', { threadId, postId: gone }, token)).Code).toBe(-4004);
    }
  });

  it('a pending reply is -4004 to guests and other members, readable by its author and admins', async () => {
    const pending = (await reply(bob.token, { id: threadId, content: 'under review' })).id;
    expect((await post('posts.update', admin.token, { postId: pending, isApproved: 0 })).Code).toBe(0);
    for (const token of [undefined, author.token]) {
      expect((await get('posts.detail', { postId: pending }, token)).Code).toBe(-4004);
      expect((await get('thread.likedusers', { threadId, postId: pending }, token)).Code).toBe(-4004);
      expect((await get('posts.postion', { threadId, postId: pending }, token)).Code).toBe(-4004);
    }
    for (const token of [bob.token, admin.token]) {
      expect((await get('posts.detail', { postId: pending }, token)).Code).toBe(0);
      expect((await get('thread.likedusers', { threadId, postId: pending }, token)).Code).toBe(0);
    }
  });

  it('invalid input is still -4001', async () => {
    expect((await get('thread.likedusers', { threadId, postId: 0 })).Code).toBe(-4001);
  });
});
