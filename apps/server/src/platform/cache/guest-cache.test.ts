import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';
import { GuestCache } from './guest-cache.js';
import { memoryBus } from './bus.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('guest cache', () => {
  it('expires entries and refuses a reply computed across a clear', async () => {
    const c = new GuestCache(memoryBus(), 50);
    const gen = c.current();
    c.set('a', 1, gen);
    expect(c.get('a')).toBe(1);
    const stale = c.current();
    await c.clear();
    c.set('b', 2, stale);
    expect(c.get('b')).toBeUndefined();
    c.set('c', 3, c.current());
    await new Promise((r) => setTimeout(r, 60));
    expect(c.get('c')).toBeUndefined();
  });

  it('serves guests a shared list until a write, then the new content at once', async () => {
    const u = await registerUser(t.app);
    const list = () => call(t.app, 'GET', '/api/v3/thread.list', { query: { perPage: '50' } });
    const before = await list();
    expect(before.Code).toBe(0);
    // Change the database behind the API's back: a cached guest reply does not notice...
    const created = await call(t.app, 'POST', '/api/v3/thread.create', {
      token: u.token,
      body: { categoryId: 1, title: '缓存测试', content: { text: '<p>正文</p>' } },
    });
    expect(created.Code).toBe(0);
    // ...but the write went through the API, which cleared the cache: the guest sees it now.
    const after = await list();
    expect(after.Data.pageData.map((x: { threadId: number }) => x.threadId)).toContain(created.Data.threadId);
    await t.app.forum.database.exec('UPDATE threads SET title = $1 WHERE id = $2', [
      '改过的标题',
      created.Data.threadId,
    ]);
    const cached = await list();
    expect(
      cached.Data.pageData.find((x: { threadId: number }) => x.threadId === created.Data.threadId).title,
    ).toBe('缓存测试');
    // Members never get the shared reply.
    const member = await call(t.app, 'GET', '/api/v3/thread.list', {
      token: u.token,
      query: { perPage: '50' },
    });
    expect(
      member.Data.pageData.find((x: { threadId: number }) => x.threadId === created.Data.threadId).title,
    ).toBe('改过的标题');
  });
});
