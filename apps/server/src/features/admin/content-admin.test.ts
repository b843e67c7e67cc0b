import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminUser,
  call,
  createThread,
  registerUser,
  startTestApp,
  uploadFile,
  type TestApp,
} from '../../test/harness.js';

// Issue 10 §5–6: content lists with filters and batch actions, purge, topics, reports, category deletion.

let t: TestApp;
let admin: string;
let author: { token: string; userId: number; username: string };
let member: { token: string; userId: number };

beforeAll(async () => {
  t = await startTestApp();
  await t.app.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
  admin = (await adminUser(t.app)).token;
  author = await registerUser(t.app);
  member = await registerUser(t.app);
});
afterAll(async () => t?.close());

const get = (token: string | undefined, path: string, query: Record<string, unknown> = {}) =>
  call(t.app, 'GET', path, {
    token,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
const post = (token: string | undefined, path: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', path, { token, body });

/** A member and a guest get -4002 for the call. */
async function denied(method: 'GET' | 'POST', path: string, data: Record<string, unknown>) {
  for (const who of [member.token, undefined]) {
    const r = method === 'GET' ? await get(who, path, data) : await post(who, path, data);
    expect(r.Code, `${path} ${who ? 'member' : 'guest'}`).toBe(-4002);
  }
}

async function newCategory(name: string): Promise<number> {
  const r = await post(admin, '/api/backAdmin/categories.create', { data: [{ name }] });
  expect(r.Code).toBe(0);
  return r.Data.find((c: { name: string }) => c.name === name).pid as number;
}

const categoryCount = async (id: number) =>
  ((await get(admin, '/api/v3/categories')).Data as Array<{ pid: number; threadCount: number }>).find(
    (c) => c.pid === id,
  )!.threadCount;

const ids = (r: { Data: { pageData: Array<{ id: number }> } }) => r.Data.pageData.map((x) => x.id);

describe('content management', () => {
  it('latest threads filter by words, author, category and day; batch move, pin, essence, recommend', async () => {
    const a = await createThread(t.app, author.token, '批量管理的第一个帖子');
    const b = await createThread(t.app, author.token, '批量管理的第二个帖子');
    const other = await createThread(t.app, member.token, '别人写的帖子');
    const latest = (q: Record<string, unknown>) =>
      get(admin, '/api/backAdmin/manage.thread.list', { isApproved: 1, ...q });

    expect(ids(await latest({ q: '批量管理' })).sort()).toEqual([a, b].sort());
    expect(ids(await latest({ username: author.username }))).not.toContain(other);
    const today = new Date().toISOString().slice(0, 10);
    expect(ids(await latest({ createdAtBegin: today, createdAtEnd: today }))).toContain(a);
    expect(ids(await latest({ createdAtEnd: '2000-01-01' }))).toEqual([]);
    expect((await latest({ createdAtBegin: 'yesterday' })).Message).toContain('createdAtBegin');

    const cat = await newCategory('搬家目标');
    const before = await categoryCount(1);
    const moved = await post(admin, '/api/backAdmin/threads.batch', {
      ids: [a, b],
      categoryId: cat,
      isSticky: true,
      isEssence: true,
      isSite: true,
    });
    expect(moved.Code).toBe(0);
    expect(moved.Data.done.sort()).toEqual([a, b].sort());
    expect(await categoryCount(cat)).toBe(2);
    expect(await categoryCount(1)).toBe(before - 2);
    const inCat = await latest({ categoryId: cat });
    expect(inCat.Data.pageData).toHaveLength(2);
    expect(inCat.Data.pageData[0]).toMatchObject({ isSticky: true, isEssence: true, isSite: true });
    // The public site follows at once: the thread is pinned and in its new category.
    const detail = await get(member.token, '/api/v3/thread.detail', { threadId: a });
    expect(detail.Data).toMatchObject({ categoryId: cat, isStick: true, isEssence: true });
    const sticky = await get(undefined, '/api/v3/thread.stick');
    expect(sticky.Data.map((s: { threadId: number }) => s.threadId)).toContain(a);

    const off = await post(admin, '/api/backAdmin/threads.batch', { ids: [a], isSticky: false });
    expect(off.Data.done).toEqual([a]);
    // Nothing to change: not listed as done.
    expect(
      (await post(admin, '/api/backAdmin/threads.batch', { ids: [a], isSticky: false })).Data.done,
    ).toEqual([]);

    const bad = await post(admin, '/api/backAdmin/threads.batch', { ids: [a] });
    expect(bad.Code).toBe(-4001);
    expect((await post(admin, '/api/backAdmin/threads.batch', { isSticky: true })).Message).toContain('ids');
    expect(
      (await post(admin, '/api/backAdmin/threads.batch', { ids: [a], categoryId: 99999 })).Code,
    ).not.toBe(0);
    await denied('POST', '/api/backAdmin/threads.batch', { ids: [a], isEssence: true });
    await denied('GET', '/api/backAdmin/manage.thread.list', { isApproved: 1 });
  });

  it('batch delete tells the author with the reason; restore brings counts back; purge removes for good', async () => {
    const th = await createThread(t.app, author.token, '将被清除的帖子');
    const reply = await post(member.token, '/api/v3/posts.create', { id: th, content: '一条回复' });
    expect(reply.Code).toBe(0);
    const count = async () => (await get(author.token, '/api/v3/user')).Data.threadCount as number;
    const n = await count();

    const del = await post(admin, '/api/backAdmin/threads.batch', {
      ids: [th],
      isDeleted: true,
      reason: '违规',
    });
    expect(del.Data.done).toEqual([th]);
    expect(await count()).toBe(n - 1);
    const told = await get(author.token, '/api/v3/notification', { 'filter[type]': 'system' });
    expect(told.Data.pageData[0]).toMatchObject({ event: 'content.deleted', threadId: th });
    expect(told.Data.pageData[0].content).toContain('违规');
    expect(ids(await get(admin, '/api/backAdmin/manage.thread.list', { isDeleted: true }))).toContain(th);

    await post(admin, '/api/backAdmin/threads.batch', { ids: [th], isDeleted: false });
    expect(await count()).toBe(n);
    // Only what is in the recycle bin can be purged.
    expect(
      (await post(admin, '/api/backAdmin/manage.purge', { kind: 'thread', ids: [th] })).Data.purged,
    ).toEqual([]);
    await post(admin, '/api/backAdmin/threads.batch', { ids: [th], isDeleted: true });
    const purged = await post(admin, '/api/backAdmin/manage.purge', { kind: 'thread', ids: [th] });
    expect(purged.Data.purged).toEqual([th]);
    expect(ids(await get(admin, '/api/backAdmin/manage.thread.list', { isDeleted: true }))).not.toContain(th);
    expect((await get(admin, '/api/v3/thread.detail', { threadId: th })).Code).toBe(-4004);
    expect((await get(admin, '/api/v3/posts.detail', { postId: reply.Data.id })).Code).toBe(-4004);
    const left = await t.app.forum.database.exec(
      'select count(*)::int as n from posts where thread_id = $1',
      [th],
    );
    expect(left.rows[0]!.n).toBe(0);

    expect((await post(admin, '/api/backAdmin/manage.purge', { kind: 'thread', ids: [] })).Code).toBe(-4001);
    expect((await post(admin, '/api/backAdmin/manage.purge', { kind: 'x', ids: [1] })).Message).toContain(
      'kind',
    );
    await denied('POST', '/api/backAdmin/manage.purge', { kind: 'thread', ids: [th] });
  });

  it('purging a deleted reply takes its comments and their counts with it', async () => {
    const th = await createThread(t.app, author.token, '回复清除');
    const reply = await post(member.token, '/api/v3/posts.create', { id: th, content: '要删的回复' });
    await post(author.token, '/api/v3/posts.create', {
      id: th,
      content: '楼中楼',
      isComment: true,
      replyId: reply.Data.id,
    });
    const postCount = async () =>
      (await get(admin, '/api/v3/thread.detail', { threadId: th })).Data.postCount;
    const withComment = await postCount();
    await post(admin, '/api/backAdmin/manage.submit.review', {
      kind: 'post',
      ids: [reply.Data.id],
      action: 'delete',
    });
    expect(ids(await get(admin, '/api/backAdmin/manage.posts.list', { isDeleted: true }))).toContain(
      reply.Data.id,
    );
    const r = await post(admin, '/api/backAdmin/manage.purge', { kind: 'post', ids: [reply.Data.id] });
    expect(r.Data.purged).toEqual([reply.Data.id]);
    expect(await postCount()).toBe(withComment - 2);
    const left = await t.app.forum.database.exec(
      'select count(*)::int as n from posts where thread_id = $1 and not is_first',
      [th],
    );
    expect(left.rows[0]!.n).toBe(0);
  });
});

describe('topics', () => {
  it('recommends and deletes topics; the public list follows', async () => {
    const th = await call(t.app, 'POST', '/api/v3/thread.create', {
      token: author.token,
      body: { categoryId: 1, title: '话题帖', content: { text: '<p>#后台话题# 正文</p>' } },
    });
    expect(th.Code).toBe(0);
    const list = await get(undefined, '/api/v3/topics.list', { 'filter[content]': '后台话题' });
    const topicId = list.Data.pageData[0].topicId as number;
    expect(list.Data.pageData[0].recommended).toBe(false);

    const rec = await post(admin, '/api/backAdmin/topics.batch.update', {
      ids: [topicId],
      recommended: true,
    });
    expect(rec.Data.updated).toEqual([topicId]);
    const recommended = await get(undefined, '/api/v3/topics.list', { 'filter[recommended]': 1 });
    expect(recommended.Data.pageData.map((x: { topicId: number }) => x.topicId)).toContain(topicId);

    const del = await post(admin, '/api/backAdmin/topics.batch.delete', { ids: [topicId] });
    expect(del.Data.deleted).toEqual([topicId]);
    expect(
      (await get(undefined, '/api/v3/topics.list', { 'filter[topicId]': topicId })).Data.pageData,
    ).toEqual([]);
    // The thread stays.
    expect((await get(undefined, '/api/v3/thread.detail', { threadId: th.Data.threadId })).Code).toBe(0);

    expect((await post(admin, '/api/backAdmin/topics.batch.update', { ids: [topicId] })).Message).toContain(
      'recommended',
    );
    expect((await post(admin, '/api/backAdmin/topics.batch.delete', { ids: [] })).Message).toContain('ids');
    await denied('POST', '/api/backAdmin/topics.batch.update', { ids: [topicId], recommended: true });
    await denied('POST', '/api/backAdmin/topics.batch.delete', { ids: [topicId] });
  });
});

describe('reports', () => {
  it('lists open reports with what was reported, marks them handled, deletes them', async () => {
    const th = await createThread(t.app, author.token, '被举报的帖子');
    const reply = await post(author.token, '/api/v3/posts.create', { id: th, content: '被举报的回复' });
    const made = [
      await post(member.token, '/api/v3/reports', { type: 1, threadId: th, reason: '广告' }),
      await post(member.token, '/api/v3/reports', { type: 2, postId: reply.Data.id, reason: '骂人' }),
      await post(member.token, '/api/v3/reports', { type: 0, userId: author.userId, reason: '冒充' }),
    ].map((r) => r.Data.id as number);

    const open = await get(admin, '/api/backAdmin/reports', { status: 0 });
    expect(open.Code).toBe(0);
    const mine = open.Data.pageData.filter((r: { id: number }) => made.includes(r.id));
    expect(mine).toHaveLength(3);
    const byType = Object.fromEntries(mine.map((r: { type: number }) => [r.type, r]));
    expect(byType[1]).toMatchObject({ excerpt: '被举报的帖子', reason: '广告', threadId: th });
    expect(byType[2]).toMatchObject({ excerpt: '被举报的回复', postId: reply.Data.id });
    expect(byType[0].reported.userId).toBe(author.userId);
    expect(byType[0].reporter.userId).toBe(member.userId);
    expect((await get(admin, '/api/reports.v2', { status: 0, type: 2 })).Data.pageData).toHaveLength(1);

    const handled = await post(admin, '/api/backAdmin/reports/batch', { ids: made.slice(0, 2) });
    expect(handled.Data.updated.sort()).toEqual(made.slice(0, 2).sort());
    expect(ids(await get(admin, '/api/backAdmin/reports', { status: 1 })).sort()).toEqual(
      made.slice(0, 2).sort(),
    );
    expect(ids(await get(admin, '/api/backAdmin/reports', { status: 0 }))).toEqual([made[2]]);

    expect((await post(admin, '/api/backAdmin/reports/delete', { ids: made })).Data.deleted).toHaveLength(3);
    expect((await get(admin, '/api/backAdmin/reports', { status: 1 })).Data.totalCount).toBe(0);

    expect((await get(admin, '/api/backAdmin/reports', { status: 5 })).Message).toContain('status');
    expect((await post(admin, '/api/backAdmin/reports/batch', { ids: ['x'] })).Code).toBe(-4001);
    await denied('GET', '/api/backAdmin/reports', {});
    await denied('POST', '/api/backAdmin/reports/batch', { ids: [1] });
    await denied('POST', '/api/backAdmin/reports/delete', { ids: [1] });
  });
});

describe('categories', () => {
  it('deleting a category with threads needs a target; its threads move there with the counts', async () => {
    const from = await newCategory('将删除');
    const to = await newCategory('接收方');
    const th = await createThread(t.app, author.token, '搬走的帖子');
    await post(admin, '/api/backAdmin/threads.batch', { ids: [th], categoryId: from });
    expect(await categoryCount(from)).toBe(1);

    const refused = await post(admin, '/api/backAdmin/categories.delete', { ids: [from] });
    expect(refused.Code).toBe(-4001);
    expect(refused.Message).toContain('moveTo');
    expect((await post(admin, '/api/backAdmin/categories.delete', { ids: [from], moveTo: from })).Code).toBe(
      -4001,
    );

    const done = await post(admin, '/api/backAdmin/categories.delete', { ids: [from], moveTo: to });
    expect(done.Data.deleted).toEqual([from]);
    expect(await categoryCount(to)).toBe(1);
    expect((await get(member.token, '/api/v3/thread.detail', { threadId: th })).Data.categoryId).toBe(to);
    expect(
      (await post(member.token, '/api/backAdmin/categories.delete', { ids: [to], moveTo: 1 })).Code,
    ).toBe(-4002);
  });

  it('a category moderator may pin and mark essence there, and nowhere else', async () => {
    const cat = await newCategory('版主区');
    const mod = await registerUser(t.app);
    const update = await post(admin, '/api/backAdmin/categories.update', {
      data: [{ id: cat, moderators: [mod.userId] }],
    });
    expect(update.Data.find((c: { pid: number }) => c.pid === cat).moderators).toEqual([mod.userId]);
    const inside = await createThread(t.app, author.token, '版主区的帖子');
    await post(admin, '/api/backAdmin/threads.batch', { ids: [inside], categoryId: cat });
    const outside = await createThread(t.app, author.token, '别处的帖子');
    const operate = (threadId: number) =>
      post(mod.token, '/api/v3/threads/operate', { threadId, isEssence: true });
    expect((await operate(inside)).Code).toBe(0);
    expect((await operate(outside)).Code).toBe(-4002);
  });
});

describe('function settings', () => {
  it('a block type switched off is neither offered nor accepted, for anyone', async () => {
    const perms = async () => (await get(author.token, '/api/v3/tom.permissions', { categoryId: 1 })).Data;
    expect((await perms())['101']).toBe(true);
    const off = await post(admin, '/api/backAdmin/settings.create', {
      data: [{ key: 'site_create_thread3', value: '0', tag: 'default' }],
    });
    expect(off.Code).toBe(0);
    try {
      expect((await perms())['101']).toBe(false);
      const r = await post(admin, '/api/v3/thread.create', {
        categoryId: 1,
        title: '图片',
        content: { text: '<p>x</p>', indexes: { '101': { tomId: '101', body: { imageIds: [1] } } } },
      });
      expect(r.Code).toBe(-4002);
      expect(r.Message).toContain('switched off');
    } finally {
      await post(admin, '/api/backAdmin/settings.create', {
        data: [{ key: 'site_create_thread3', value: '1', tag: 'default' }],
      });
    }
  });
});

describe('attachment settings', () => {
  it('daily downloads per member stop at the limit with -7083; the uploader and admins are not counted', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    const up = await uploadFile(t.app, author.token, { name: 'guide.pdf', data: pdf }, 0);
    expect(up.Code, up.Message).toBe(0);
    const th = await call(t.app, 'POST', '/api/v3/thread.create', {
      token: author.token,
      body: {
        categoryId: 1,
        title: '带附件',
        content: { text: '<p>附件</p>', indexes: { '1': { tomId: 108, body: { docIds: [up.Data.id] } } } },
      },
    });
    expect(th.Code, th.Message).toBe(0);
    await post(admin, '/api/backAdmin/settings.create', {
      data: [{ key: 'support_max_download_num', value: '2', tag: 'default' }],
    });
    const fetch = async (token: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v3/attachments/${up.Data.uuid}`,
        headers: { authorization: `Bearer ${token}` },
      });
      return res.statusCode === 200 ? 0 : (res.json() as { Code: number }).Code;
    };
    try {
      expect(await fetch(member.token)).toBe(0);
      expect(await fetch(member.token)).toBe(0);
      expect(await fetch(member.token)).toBe(-7083);
      for (let i = 0; i < 3; i++) expect(await fetch(author.token)).toBe(0);
      expect(await fetch(admin)).toBe(0);
      expect(
        (
          await post(admin, '/api/backAdmin/settings.create', {
            data: [{ key: 'support_max_download_num', value: '-1', tag: 'default' }],
          })
        ).Message,
      ).toContain('support_max_download_num');
    } finally {
      await post(admin, '/api/backAdmin/settings.create', {
        data: [{ key: 'support_max_download_num', value: '0', tag: 'default' }],
      });
    }
  });
});
