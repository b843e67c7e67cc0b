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

  it('replies group-committed across threads: each gets its own floor and content, counts add up', async () => {
    const make = async (u: { token: string }) =>
      (
        await call(t.app, 'POST', '/api/v3/thread.create', {
          token: u.token,
          body: { categoryId: 1, content: { text: 'batch' } },
        })
      ).Data.threadId as number;
    // One author makes three threads in a row: no waiting between posts here.
    await t.app.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
    const owner = await registerUser(t.app);
    const threads = [await make(owner), await make(owner), await make(owner)];
    const writers = await Promise.all(Array.from({ length: 12 }, () => registerUser(t.app)));
    // 72 replies at once: every writer answers every thread twice, interleaved, so batches mix threads and
    // writers and one writer has several replies in one batch.
    const jobs = writers.flatMap((w, wi) =>
      [0, 1].flatMap((round) => threads.map((id, ti) => ({ w, id, text: `w${wi}-t${ti}-r${round}` }))),
    );
    const res = await Promise.all(
      jobs.map((j) =>
        call(t.app, 'POST', '/api/v3/posts.create', {
          token: j.w.token,
          body: { id: j.id, content: j.text },
        }),
      ),
    );
    res.forEach((r, i) => {
      expect(r.Code, r.Message).toBe(0);
      expect(r.Data.threadId).toBe(jobs[i]!.id);
      expect(r.Data.userId).toBe(jobs[i]!.w.userId);
      expect(r.Data.content).toContain(jobs[i]!.text);
    });
    for (const id of threads) {
      const mine = res.filter((r) => r.Data.threadId === id);
      expect(mine.map((r) => r.Data.floor as number).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 24 }, (_, i) => i + 1),
      );
      const d = await call(t.app, 'GET', '/api/v3/thread.detail', { query: { threadId: String(id) } });
      expect(d.Data.postCount).toBe(24);
      // What is stored at each floor is what that floor's writer was told.
      const list = await call(t.app, 'GET', '/api/v3/posts.list', {
        query: { 'filter[thread]': String(id), perPage: '50', page: '1' },
      });
      expect(list.Code, list.Message).toBe(0);
      for (const p of list.Data.pageData as Array<{ floor: number; content: string; userId: number }>) {
        const told = mine.find((r) => r.Data.floor === p.floor)!;
        expect(p.content).toBe(told.Data.content);
        expect(p.userId).toBe(told.Data.userId);
      }
    }
    const one = await call(t.app, 'GET', '/api/v3/user', { token: writers[0]!.token });
    expect(one.Data.postCount).toBe(6);
  });
});
