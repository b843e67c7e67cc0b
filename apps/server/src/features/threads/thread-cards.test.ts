import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';

// The card cache shares viewer-independent parts of list items; these tests prove a write is seen at once.
let t: TestApp;
let alice: { token: string; userId: number };
let bob: { token: string; userId: number };
let threadId: number;
let firstPostId: number;

beforeAll(async () => {
  t = await startTestApp();
  alice = await registerUser(t.app);
  bob = await registerUser(t.app);
  const r = await call(t.app, 'POST', '/api/v3/thread.create', {
    token: alice.token,
    body: { categoryId: 1, title: '缓存', content: { text: '<p>第一版内容</p>' } },
  });
  threadId = r.Data.threadId;
  firstPostId = r.Data.postId;
});
afterAll(async () => t?.close());

const itemIn = async (token?: string) => {
  const r = await call(t.app, 'GET', '/api/v3/thread.list', {
    token,
    query: { page: '1', perPage: '20', 'filter[sort]': '1' },
  });
  expect(r.Code).toBe(0);
  return r.Data.pageData.find((x: { threadId: number }) => x.threadId === threadId);
};

describe('thread cards in lists', () => {
  it('a like shows at once in lists, with the liker, and only as liked for the liker', async () => {
    expect((await itemIn(bob.token)).isLike).toBe(false);
    await itemIn(alice.token); // warm the shared card
    const like = await call(t.app, 'POST', '/api/v3/posts.update', {
      token: bob.token,
      body: { postId: firstPostId, isLiked: true },
    });
    expect(like.Code).toBe(0);
    const forBob = await itemIn(bob.token);
    expect(forBob).toMatchObject({ isLike: true, likeCount: 1 });
    expect(forBob.likeReward.users.map((u: { userId: number }) => u.userId)).toEqual([bob.userId]);
    const forAlice = await itemIn(alice.token);
    expect(forAlice).toMatchObject({ isLike: false, likeCount: 1 });
    expect(forAlice.likeReward.users).toHaveLength(1);
  });

  it('an edit of the first post shows at once in lists for everyone', async () => {
    await itemIn(bob.token);
    const edit = await call(t.app, 'POST', '/api/v3/thread.update', {
      token: alice.token,
      body: { threadId, content: { text: '<p>第二版内容</p>' } },
    });
    expect(edit.Code).toBe(0);
    expect((await itemIn(bob.token)).content.text).toContain('第二版内容');
    expect((await itemIn()).content.text).toContain('第二版内容');
  });

  it('favourites and the profile pin are the viewer’s own', async () => {
    const fav = await call(t.app, 'POST', '/api/v3/threads/operate', {
      token: bob.token,
      body: { threadId, isFavorite: true },
    });
    expect(fav.Code).toBe(0);
    expect((await itemIn(bob.token)).isFavorite).toBe(true);
    expect((await itemIn(alice.token)).isFavorite).toBe(false);
    const pin = await call(t.app, 'POST', '/api/v3/user/thread.stick', {
      token: alice.token,
      body: { threadId, status: 1 },
    });
    expect(pin.Code).toBe(0);
    expect((await itemIn(alice.token)).userStickStatus).toBe(true);
    expect((await itemIn(bob.token)).userStickStatus).toBe(false);
  });
});
