import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: { token: string; userId: number };
let alice: { token: string; userId: number };
let bob: { token: string; userId: number };

beforeAll(async () => {
  t = await startTestApp();
  // Tests post many threads from one user; the 30 s limit has its own test.
  await t.app.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
  admin = await adminUser(t.app);
  alice = await registerUser(t.app);
  bob = await registerUser(t.app);
});
afterAll(async () => t?.close());

const post = (token: string | undefined, body: object) =>
  call(t.app, 'POST', '/api/v3/thread.create', { token, body });
const newThread = (token: string, extra: object = {}) =>
  post(token, { categoryId: 1, title: '标题', content: { text: '<p>你好 世界</p>' }, ...extra });

describe('categories', () => {
  it('lists the default category for guests with the original shape', async () => {
    const r = await call(t.app, 'GET', '/api/v3/categories');
    expect(r.Code).toBe(0);
    expect(r.Data[0]).toMatchObject({ pid: 1, name: '默认分类', children: [], canCreateThread: false });
    const mine = await call(t.app, 'GET', '/api/v3/categories.thread', { token: alice.token });
    expect(mine.Data[0].canCreateThread).toBe(true);
    const guest = await call(t.app, 'GET', '/api/v3/categories.thread');
    expect(guest.Data).toEqual([]);
  });

  it('admin creates a child category; members may not; two levels only', async () => {
    const denied = await call(t.app, 'POST', '/api/backAdmin/categories.create', {
      token: alice.token,
      body: { data: [{ name: 'x' }] },
    });
    expect(denied.Code).toBe(-4002);
    const ok = await call(t.app, 'POST', '/api/backAdmin/categories.create', {
      token: admin.token,
      body: { data: [{ name: '子分类', parentid: 1, sort: 2 }] },
    });
    expect(ok.Code).toBe(0);
    const child = ok.Data[0].children[0];
    expect(child.name).toBe('子分类');
    expect(ok.Data[0].searchIds).toContain(child.pid);
    const deep = await call(t.app, 'POST', '/api/backAdmin/categories.create', {
      token: admin.token,
      body: { data: [{ name: 'deep', parentid: child.pid }] },
    });
    expect(deep.Code).toBe(-4001);
    const bad = await call(t.app, 'POST', '/api/backAdmin/categories.create', {
      token: admin.token,
      body: { data: [{ name: '' }] },
    });
    expect(bad.Code).toBe(-4001);
  });
});

describe('threads', () => {
  it('creates, reads and lists a thread with the original shape; sanitises HTML', async () => {
    const r = await newThread(alice.token, {
      title: '<b>hi</b>',
      content: { text: '<p>hello #美食# <img src=x onerror=alert(1)><script>alert(1)</script></p>' },
    });
    expect(r.Code).toBe(0);
    const th = r.Data;
    expect(th.content.text).not.toMatch(/script|onerror/);
    expect(th.title).toBe('<b>hi</b>');
    expect(th.user.userId).toBe(alice.userId);
    expect(th.ability.canEdit).toBe(true);
    expect(th.ability.canEssence).toBe(false);
    expect(th.topicId).toBeGreaterThan(0);
    const guest = await call(t.app, 'GET', '/api/v3/thread.detail', {
      query: { threadId: String(th.threadId) },
    });
    expect(guest.Code).toBe(0);
    expect(guest.Data.ability.canReply).toBe(false);
    expect(guest.Data.ability.canEdit).toBe(false);
    const list = await call(
      t.app,
      'GET',
      '/api/v3/thread.list?perPage=100&page=1&filter[essence]=0&filter[attention]=0&filter[sort]=1&scope=0&dzqSid=1',
    );
    expect(list.Code).toBe(0);
    expect(list.Data.pageData.some((x: { threadId: number }) => x.threadId === th.threadId)).toBe(true);
    expect(list.Data).toMatchObject({ currentPage: 1, perPage: 100 });
    const topics = await call(t.app, 'GET', '/api/v3/topics.list', { query: { 'filter[content]': '美食' } });
    expect(topics.Data.pageData[0]).toMatchObject({ content: '美食', threadCount: 1 });
    const topicId = String(th.topicId);
    const byTopic = await call(t.app, 'GET', '/api/v3/thread.list', {
      query: { 'filter[topicId]': topicId },
    });
    expect(byTopic.Data.pageData.map((x: { threadId: number }) => x.threadId)).toEqual([th.threadId]);
    const otherTopic = await call(t.app, 'GET', '/api/v3/thread.list', {
      query: { 'filter[topicId]': '999999' },
    });
    expect(otherTopic.Data.totalCount).toBe(0);
    const badTopic = await call(t.app, 'GET', '/api/v3/thread.list', { query: { 'filter[topicId]': 'x' } });
    expect(badTopic.Code).toBe(-4001);
    const cats = await call(t.app, 'GET', '/api/v3/categories');
    expect(cats.Data[0].threadCount).toBeGreaterThanOrEqual(1);
  });

  it('refuses guests, missing categories, empty content and long text', async () => {
    expect((await newThread(undefined as unknown as string)).Code).toBe(-3001);
    expect((await newThread(alice.token, { categoryId: 999 })).Code).toBe(-7076);
    expect((await newThread(alice.token, { content: { text: '' } })).Code).toBe(-4001);
    const long = await newThread(alice.token, { content: { text: 'a'.repeat(50_001) } });
    expect(long.Code).toBe(-4001);
    expect((await newThread(alice.token, { title: 'x'.repeat(101) })).Code).toBe(-4001);
  });

  it('drafts are only the author’s; publishing counts them', async () => {
    const d = await newThread(alice.token, { draft: true });
    expect(d.Data.isDraft).toBe(true);
    const other = await call(t.app, 'GET', '/api/v3/thread.detail', {
      token: bob.token,
      query: { threadId: String(d.Data.threadId) },
    });
    expect(other.Code).toBe(-4004);
    const drafts = await call(t.app, 'GET', '/api/v3/thread.list', {
      token: alice.token,
      query: { 'filter[complex]': '1' },
    });
    expect(drafts.Data.pageData.map((x: { threadId: number }) => x.threadId)).toContain(d.Data.threadId);
    const pub = await call(t.app, 'POST', '/api/v3/thread.update', {
      token: alice.token,
      body: { threadId: d.Data.threadId, draft: false },
    });
    expect(pub.Code).toBe(0);
    expect(pub.Data.isDraft).toBe(false);
    expect(pub.Data.issueAt).not.toBeNull();
  });

  it('edit and delete: own yes, others no, admin yes; delete is soft and counted', async () => {
    const th = (await newThread(alice.token)).Data;
    const byBob = await call(t.app, 'POST', '/api/v3/thread.update', {
      token: bob.token,
      body: { threadId: th.threadId, title: 'x' },
    });
    expect(byBob.Code).toBe(-4002);
    const own = await call(t.app, 'POST', '/api/v3/thread.update', {
      token: alice.token,
      body: { threadId: th.threadId, title: '新标题' },
    });
    expect(own.Data.title).toBe('新标题');
    const me1 = await call(t.app, 'GET', '/api/v3/user', { token: alice.token });
    expect(
      (
        await call(t.app, 'POST', '/api/v3/thread.delete', {
          token: bob.token,
          body: { threadId: th.threadId },
        })
      ).Code,
    ).toBe(-4002);
    expect(
      (
        await call(t.app, 'POST', '/api/v3/thread.delete', {
          token: admin.token,
          body: { threadId: th.threadId },
        })
      ).Code,
    ).toBe(0);
    const me2 = await call(t.app, 'GET', '/api/v3/user', { token: alice.token });
    expect(me2.Data.threadCount).toBe(me1.Data.threadCount - 1);
    expect(
      (await call(t.app, 'GET', '/api/v3/thread.detail', { query: { threadId: String(th.threadId) } })).Code,
    ).toBe(-4004);
    expect(
      (await call(t.app, 'POST', '/api/v3/thread.delete', { token: alice.token, body: { threadId: 'x' } }))
        .Code,
    ).toBe(-4001);
  });

  it('anonymous threads hide the author from others', async () => {
    const th = (await newThread(alice.token, { anonymous: true })).Data;
    const seen = await call(t.app, 'GET', '/api/v3/thread.detail', {
      token: bob.token,
      query: { threadId: String(th.threadId) },
    });
    expect(seen.Data.user).toMatchObject({ userId: 0, nickname: '匿名用户' });
    expect(seen.Data.userId).toBe(0);
    const his = await call(t.app, 'GET', '/api/v3/thread.list', {
      token: bob.token,
      query: { 'filter[toUserId]': String(alice.userId) },
    });
    expect(his.Data.pageData.map((x: { threadId: number }) => x.threadId)).not.toContain(th.threadId);
  });

  it('posting speed limit: one thread per interval', async () => {
    await t.app.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '30' }]);
    try {
      const u = await registerUser(t.app);
      expect((await newThread(u.token)).Code).toBe(0);
      const again = await newThread(u.token);
      expect(again.Code).toBe(-4003);
      expect((await newThread(u.token, { draft: true })).Code).toBe(0);
    } finally {
      await t.app.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
    }
  });

  it('content blocks: images need insertImage, at most 9; votes need insertVote; unknown types are refused', async () => {
    // Ids must be the author's uploads (thread-files.test.ts covers real images); made-up ones are refused.
    const img = await newThread(alice.token, {
      content: { text: 'x', indexes: { a: { tomId: 101, body: { imageIds: [1, 2] } } } },
    });
    expect([img.Code, img.Message]).toEqual([
      -4001,
      'content.indexes.a.body.imageIds: attachment 1 does not exist',
    ]);
    const ten = await newThread(alice.token, {
      content: {
        text: 'x',
        indexes: { a: { tomId: 101, body: { imageIds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] } } },
      },
    });
    expect(ten.Code).toBe(-4001);
    const vote = {
      tomId: 109,
      body: { voteTitle: 'q', choiceType: 1, subitems: [{ content: 'a' }, { content: 'b' }] },
    };
    expect((await newThread(alice.token, { content: { text: 'x', indexes: { v: vote } } })).Code).toBe(-4002);
    expect(
      (await newThread(alice.token, { content: { text: 'x', indexes: { v: { tomId: 999, body: {} } } } }))
        .Code,
    ).toBe(-4001);
    const typed = await call(t.app, 'GET', '/api/v3/thread.list', { query: { 'filter[types][]': '101' } });
    expect(
      typed.Data.pageData.every(
        (x: { content: { indexes: object } }) => Object.keys(x.content.indexes).length > 0,
      ),
    ).toBe(true);
    const perms = await call(t.app, 'GET', '/api/v3/tom.permissions', { token: alice.token });
    expect(perms.Data).toMatchObject({ '101': true, '109': false });
    const types = await call(t.app, 'GET', '/api/v3/thread.typelist');
    expect(types.Data.map((x: { type: number }) => x.type)).toContain(109);
  });

  it('votes: admin creates one, members vote once, single choice enforced', async () => {
    const body = { voteTitle: '选哪个', choiceType: 1, subitems: [{ content: '甲' }, { content: '乙' }] };
    const one = await newThread(admin.token, {
      content: {
        text: 'vote',
        indexes: { v: { tomId: 109, body: { ...body, subitems: [{ content: 'a' }] } } },
      },
    });
    expect(one.Code).toBe(-4001);
    const th = (
      await newThread(admin.token, { content: { text: 'vote', indexes: { v: { tomId: 109, body } } } })
    ).Data;
    const v = th.content.indexes.v.body;
    expect(v.subitems).toHaveLength(2);
    const both = await call(t.app, 'POST', '/api/v3/vote.thread', {
      token: bob.token,
      body: {
        threadId: th.threadId,
        vote: { id: v.voteId, subitemIds: v.subitems.map((s: { id: number }) => s.id) },
      },
    });
    expect(both.Code).toBe(-4001);
    const ok = await call(t.app, 'POST', '/api/v3/vote.thread', {
      token: bob.token,
      body: { threadId: th.threadId, vote: { id: v.voteId, subitemIds: [v.subitems[0].id] } },
    });
    expect(ok.Data).toMatchObject({ isVoted: true, voteUsers: 1 });
    const twice = await call(t.app, 'POST', '/api/v3/vote.thread', {
      token: bob.token,
      body: { threadId: th.threadId, vote: { id: v.voteId, subitemIds: [v.subitems[1].id] } },
    });
    expect(twice.Code).toBe(-4003);
    const guest = await call(t.app, 'POST', '/api/v3/vote.thread', {
      body: { threadId: th.threadId, vote: { id: v.voteId, subitemIds: [1] } },
    });
    expect(guest.Code).toBe(-3001);
  });

  it('operate: essence and sticky need their permissions; favourites; pinned list', async () => {
    const th = (await newThread(alice.token)).Data;
    const e = await call(t.app, 'POST', '/api/v3/threads/operate', {
      token: alice.token,
      body: { id: th.threadId, isEssence: 1 },
    });
    expect(e.Code).toBe(-4002);
    const ok = await call(t.app, 'POST', '/api/v3/threads/operate', {
      token: admin.token,
      body: { threadId: th.threadId, isEssence: true, isSticky: true },
    });
    expect(ok.Data).toMatchObject({ isEssence: true, isStick: true });
    const stick = await call(t.app, 'GET', '/api/v3/thread.stick');
    expect(stick.Data.map((x: { threadId: number }) => x.threadId)).toContain(th.threadId);
    const ess = await call(t.app, 'GET', '/api/v3/thread.list', { query: { 'filter[essence]': '1' } });
    expect(ess.Data.pageData.map((x: { threadId: number }) => x.threadId)).toEqual([th.threadId]);
    const fav = await call(t.app, 'POST', '/api/v3/threads/operate', {
      token: bob.token,
      body: { id: th.threadId, isFavorite: true },
    });
    expect(fav.Data).toMatchObject({ isFavorite: true, favoriteCount: 1 });
    const favs = await call(t.app, 'GET', '/api/v3/thread.list', {
      token: bob.token,
      query: { 'filter[complex]': '3' },
    });
    expect(favs.Data.pageData.map((x: { threadId: number }) => x.threadId)).toEqual([th.threadId]);
    const site = await call(t.app, 'POST', '/api/v3/threads/operate', {
      token: alice.token,
      body: { id: th.threadId, isSite: true },
    });
    expect(site.Code).toBe(-4002);
    const guest = await call(t.app, 'POST', '/api/v3/threads/operate', {
      body: { id: th.threadId, isFavorite: true },
    });
    expect(guest.Code).toBe(-3001);
    expect((await call(t.app, 'POST', '/api/v3/threads/operate', { token: bob.token, body: {} })).Code).toBe(
      -4001,
    );
  });

  it('views, shares and a profile pin', async () => {
    const th = (await newThread(alice.token)).Data;
    expect(
      (await call(t.app, 'GET', '/api/v3/view.count', { query: { threadId: String(th.threadId) } })).Data
        .viewCount,
    ).toBe(1);
    expect(
      (await call(t.app, 'POST', '/api/v3/thread.share', { body: { threadId: th.threadId } })).Data
        .shareCount,
    ).toBe(1);
    expect(
      (
        await call(t.app, 'POST', '/api/v3/user/thread.stick', {
          token: bob.token,
          body: { threadId: th.threadId },
        })
      ).Code,
    ).toBe(-4002);
    expect(
      (
        await call(t.app, 'POST', '/api/v3/user/thread.stick', {
          token: alice.token,
          body: { threadId: th.threadId },
        })
      ).Code,
    ).toBe(0);
    const d = await call(t.app, 'GET', '/api/v3/thread.detail', {
      token: alice.token,
      query: { threadId: String(th.threadId) },
    });
    expect(d.Data.userStickStatus).toBe(true);
    expect((await call(t.app, 'GET', '/api/v3/view.count', { query: { threadId: '0' } })).Code).toBe(-4001);
  });

  it('search finds a Chinese word in the body; captcha and emoji', async () => {
    await newThread(alice.token, { content: { text: '<p>今天去了长城，风景很好</p>' } });
    const s = await call(t.app, 'GET', '/api/v3/thread.list', { query: { 'filter[search]': '长城' } });
    expect(s.Data.pageData.length).toBeGreaterThan(0);
    const emoji = await call(t.app, 'GET', '/api/v3/emoji');
    expect(emoji.Data.length).toBeGreaterThan(0);
    expect(emoji.Data[0].code).toMatch(/^:.+:$/);
    const cap = await call(t.app, 'GET', '/api/v3/captcha');
    expect(cap.Data.pow).toMatchObject({ challenge: expect.any(String), difficulty: 16 });
  });
});
