import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, startTestApp, type TestApp, createThread } from '../../test/harness.js';

// Members' thread lists share one list query per group until the next write; a member whose own published
// threads the group cannot see (awaiting approval) always gets their own list, with those threads in it.
let t: TestApp;
let alice: { token: string; userId: number };
let bob: { token: string; userId: number };

beforeAll(async () => {
  t = await startTestApp();
  await t.app.forum.settings.set([{ key: 'thread_post_interval', value: '0', tag: 'default' }]);
  alice = await registerUser(t.app);
  bob = await registerUser(t.app);
});
afterAll(async () => t?.close());

const titles = async (token: string) =>
  (
    (await call(t.app, 'GET', '/api/v3/thread.list', { token, query: { perPage: '50' } })).Data
      .pageData as Array<{
      title: string;
    }>
  ).map((x) => x.title);
const create = (token: string, title: string) => createThread(t.app, token, title);

describe('members share list pages per group', () => {
  it('serves one group the same rows until a write, then the new ones', async () => {
    const id = await create(alice.token, '共享列表');
    expect(await titles(bob.token)).toContain('共享列表');
    // Behind the API's back (clears nothing): Alice, in Bob's group, is served the rows Bob's read stored.
    await t.app.forum.database.exec(`UPDATE threads SET title = '改过的标题' WHERE id = $1`, [id]);
    expect(await titles(alice.token)).toContain('共享列表');
    await create(bob.token, '一次写入');
    expect(await titles(alice.token)).toContain('改过的标题');
  });

  it("a member's own thread awaiting approval is in their list only", async () => {
    const id = await create(alice.token, '等待审核');
    await t.app.forum.database.exec(`UPDATE threads SET is_approved = 0 WHERE id = $1`, [id]);
    await t.app.forum.guestCache.clear();
    expect(await titles(bob.token)).not.toContain('等待审核');
    expect(await titles(alice.token)).toContain('等待审核');
    expect(await titles(bob.token)).not.toContain('等待审核');
  });

  it("each member's copy of a shared page carries their own likes and favourites", async () => {
    const id = await create(bob.token, '点赞标记');
    const detail = await call(t.app, 'GET', '/api/v3/thread.detail', {
      token: alice.token,
      query: { threadId: String(id) },
    });
    await call(t.app, 'POST', '/api/v3/posts.update', {
      token: alice.token,
      body: { postId: detail.Data.postId, isLiked: true },
    });
    await call(t.app, 'POST', '/api/v3/threads/operate', {
      token: alice.token,
      body: { threadId: id, isFavorite: true },
    });
    const item = async (token: string) =>
      (
        (await call(t.app, 'GET', '/api/v3/thread.list', { token, query: { perPage: '50' } })).Data
          .pageData as Array<{
          threadId: number;
          isLike: boolean;
          isFavorite: boolean;
        }>
      ).find((x) => x.threadId === id)!;
    expect(await item(alice.token)).toMatchObject({ isLike: true, isFavorite: true });
    expect(await item(bob.token)).toMatchObject({ isLike: false, isFavorite: false });
    expect(await item(alice.token)).toMatchObject({ isLike: true, isFavorite: true });
  });
});
