import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';

// Parallel requests on a pool of connections: counters must not lose updates, floors must not repeat.
describe('counters under concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('50 parallel likes and 50 parallel replies give exact counts and unique floors', async () => {
    const author = await registerUser(t.app);
    const th = (
      await call(t.app, 'POST', '/api/v3/thread.create', {
        token: author.token,
        body: { categoryId: 1, content: { text: 'x' } },
      })
    ).Data;
    const users = await Promise.all(Array.from({ length: 50 }, () => registerUser(t.app)));
    const likes = await Promise.all(
      users.map((u) =>
        call(t.app, 'POST', '/api/v3/posts.update', {
          token: u.token,
          body: { postId: th.postId, isLiked: true },
        }),
      ),
    );
    expect(likes.every((r) => r.Code === 0)).toBe(true);
    const replies = await Promise.all(
      users.map((u, i) =>
        call(t.app, 'POST', '/api/v3/posts.create', {
          token: u.token,
          body: { id: th.threadId, content: `r${i}` },
        }),
      ),
    );
    expect(replies.every((r) => r.Code === 0)).toBe(true);
    const floors = replies.map((r) => r.Data.floor as number).sort((a, b) => a - b);
    expect(floors).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const d = await call(t.app, 'GET', '/api/v3/thread.detail', {
      query: { threadId: String(th.threadId) },
    });
    expect(d.Data).toMatchObject({ likeCount: 50, postCount: 50 });
    const me = await call(t.app, 'GET', '/api/v3/user', { token: author.token });
    expect(me.Data.likedCount).toBe(50);
    expect(me.Data.threadCount).toBe(1);
  });
});
