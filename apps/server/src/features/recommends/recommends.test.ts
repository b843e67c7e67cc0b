import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: { token: string; userId: number };
let alice: { token: string; userId: number };

beforeAll(async () => {
  t = await startTestApp();
  await t.app.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
  admin = await adminUser(t.app);
  alice = await registerUser(t.app);
});
afterAll(async () => t?.close());

const create = async (token: string, body: object) => {
  const r = await call(t.app, 'POST', '/api/v3/thread.create', { token, body });
  expect(r.Code).toBe(0);
  return r.Data.threadId as number;
};
const recommends = (query: Record<string, string> = {}, token?: string) =>
  call(t.app, 'GET', '/api/v3/thread.recommends', { query, token });
const ids = (items: Array<{ threadId: number }>) => items.map((i) => i.threadId);

describe('thread.recommends', () => {
  it('is empty on a new site, then falls back to the hottest threads, untitled ones by their text', async () => {
    const empty = await recommends();
    expect(empty.Code).toBe(0);
    expect(empty.Data).toEqual([]);
    // The hot one is the older: newest-first would put it second.
    const hot = await create(alice.token, { categoryId: 1, content: { text: '<p>没有标题的热帖正文</p>' } });
    const calm = await create(alice.token, { categoryId: 1, title: '平静', content: { text: '<p>a</p>' } });
    await t.app.forum.database.exec('UPDATE threads SET view_count = 500 WHERE id = $1', [hot]);
    const r = await recommends({}, alice.token);
    expect(r.Code).toBe(0);
    expect(ids(r.Data)).toEqual([hot, calm]);
    expect(r.Data[0]).toMatchObject({
      title: '没有标题的热帖正文',
      viewCount: 500,
      isSite: false,
      categoryId: 1,
    });
    expect(r.Data[0].displayTag).toEqual({
      isPrice: false,
      isRedPack: false,
      isReward: false,
      isEssence: false,
    });
  });

  it("puts the administrator's picks first, and guests see the change at once (cache cleared by the write)", async () => {
    const before = await recommends();
    expect(before.Data.every((i: { isSite: boolean }) => !i.isSite)).toBe(true);
    const pick = await create(alice.token, { categoryId: 1, title: '推荐', content: { text: '<p>p</p>' } });
    const denied = await call(t.app, 'POST', '/api/v3/threads/operate', {
      token: alice.token,
      body: { threadId: pick, isSite: true },
    });
    expect(denied.Code).toBe(-4002);
    const ok = await call(t.app, 'POST', '/api/v3/threads/operate', {
      token: admin.token,
      body: { threadId: pick, isSite: true },
    });
    expect(ok.Code).toBe(0);
    const guest = await recommends();
    expect(guest.Data[0]).toMatchObject({ threadId: pick, title: '推荐', isSite: true });
    // Topped up with hot threads, never repeating the pick.
    expect(new Set(ids(guest.Data)).size).toBe(guest.Data.length);
    expect(guest.Data.length).toBe(3);
  });

  it('honours perPage (1..10) and leaves out deleted, pending and draft threads', async () => {
    const two = await recommends({ perPage: '2' });
    expect(two.Data).toHaveLength(2);
    expect((await recommends({ perPage: '11' })).Code).toBe(-4001);
    expect((await recommends({ perPage: '0' })).Code).toBe(-4001);
    const gone = await create(alice.token, { categoryId: 1, title: '删除', content: { text: '<p>x</p>' } });
    const draft = await create(alice.token, {
      categoryId: 1,
      title: '草稿',
      content: { text: '<p>x</p>' },
      draft: 1,
    });
    const pending = await create(alice.token, {
      categoryId: 1,
      title: '待审',
      content: { text: '<p>x</p>' },
    });
    await t.app.forum.database.exec('UPDATE threads SET view_count = 9999 WHERE id = ANY($1)', [
      [gone, draft, pending],
    ]);
    await t.app.forum.database.exec('UPDATE threads SET is_approved = 0 WHERE id = $1', [pending]);
    expect(
      (await call(t.app, 'POST', '/api/v3/thread.delete', { token: alice.token, body: { threadId: gone } }))
        .Code,
    ).toBe(0);
    // Even the author is not recommended their own draft or pending thread.
    const all = await recommends({ perPage: '10' }, alice.token);
    expect(ids(all.Data)).not.toContain(gone);
    expect(ids(all.Data)).not.toContain(draft);
    expect(ids(all.Data)).not.toContain(pending);
  });

  it('respects category view permissions: only viewable categories, -4002 with none', async () => {
    const created = await call(t.app, 'POST', '/api/backAdmin/categories.create', {
      token: admin.token,
      body: { data: [{ name: '内部推荐', sort: 9 }] },
    });
    const cat = created.Data.find((c: { name: string }) => c.name === '内部推荐').pid as number;
    const secret = await create(admin.token, {
      categoryId: cat,
      title: '内部',
      content: { text: '<p>s</p>' },
    });
    await t.app.forum.database.exec('UPDATE threads SET view_count = 100000 WHERE id = $1', [secret]);
    expect(ids((await recommends({}, alice.token)).Data)).toContain(secret);
    const db = t.app.forum.database;
    await db.exec(
      `DELETE FROM group_permissions WHERE group_id = 7 AND permission IN ('viewThreads', 'thread.viewPosts')`,
    );
    await db.exec(`INSERT INTO group_permissions (group_id, permission) VALUES (7, 'category1.viewThreads')`);
    await t.app.forum.groups.changed();
    try {
      const guest = await recommends({ perPage: '10' });
      expect(guest.Code).toBe(0);
      expect(ids(guest.Data)).not.toContain(secret);
      expect(guest.Data.every((i: { categoryId: number }) => i.categoryId === 1)).toBe(true);
      const asked = await recommends({ 'filter[categoryids][]': String(cat) });
      expect(asked.Code).toBe(-4002);
      await db.exec(
        `DELETE FROM group_permissions WHERE group_id = 7 AND permission = 'category1.viewThreads'`,
      );
      await t.app.forum.groups.changed();
      expect((await recommends()).Code).toBe(-4002);
    } finally {
      await db.exec(
        `INSERT INTO group_permissions (group_id, permission) VALUES (7, 'viewThreads'), (7, 'thread.viewPosts') ON CONFLICT DO NOTHING`,
      );
      await t.app.forum.groups.changed();
    }
  });
});

describe('thread.list preload', () => {
  it('returns N pages keyed by page number, the same pages one call at a time would', async () => {
    for (let i = 0; i < 5; i++)
      await create(alice.token, { categoryId: 1, title: `预载 ${i}`, content: { text: '<p>x</p>' } });
    const q = { perPage: '2', 'filter[categoryids][]': '1' };
    const pages = await call(t.app, 'GET', '/api/v3/thread.list', { query: { ...q, preload: '3' } });
    expect(pages.Code).toBe(0);
    expect(Object.keys(pages.Data).sort()).toEqual(['1', '2', '3']);
    for (const n of [1, 2, 3]) {
      const one = await call(t.app, 'GET', '/api/v3/thread.list', { query: { ...q, page: String(n) } });
      expect(pages.Data[String(n)].currentPage).toBe(n);
      expect(ids(pages.Data[String(n)].pageData)).toEqual(ids(one.Data.pageData));
      expect(pages.Data[String(n)].totalCount).toBe(one.Data.totalCount);
    }
  });

  it('stops at the last page but always answers the asked-for page', async () => {
    const first = await call(t.app, 'GET', '/api/v3/thread.list', { query: { perPage: '2' } });
    const last = first.Data.totalPage as number;
    const tail = await call(t.app, 'GET', '/api/v3/thread.list', {
      query: { perPage: '2', page: String(last - 1), preload: '5' },
    });
    expect(Object.keys(tail.Data).map(Number)).toEqual([last - 1, last]);
    const past = await call(t.app, 'GET', '/api/v3/thread.list', {
      query: { perPage: '2', page: String(last + 3), preload: '2' },
    });
    expect(Object.keys(past.Data)).toEqual([String(last + 3)]);
    expect(past.Data[String(last + 3)].pageData).toEqual([]);
  });

  it('refuses preload outside 1..5 with -4001', async () => {
    for (const preload of ['0', '6', 'abc', '-1', '2.5']) {
      const r = await call(t.app, 'GET', '/api/v3/thread.list', { query: { preload } });
      expect(r.Code, preload).toBe(-4001);
      expect(r.status).toBe(400);
    }
  });
});
