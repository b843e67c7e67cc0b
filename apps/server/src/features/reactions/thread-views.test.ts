import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: { token: string; userId: number };
let alice: { token: string; userId: number };
let bob: { token: string; userId: number };

beforeAll(async () => {
  t = await startTestApp();
  await t.app.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
  admin = await adminUser(t.app);
  alice = await registerUser(t.app);
  bob = await registerUser(t.app);
});
afterAll(async () => t?.close());

const create = async (token: string, body: object) => {
  const r = await call(t.app, 'POST', '/api/v3/thread.create', { token, body });
  expect(r.Code).toBe(0);
  return r.Data as { threadId: number; topicId: number };
};
const view = (threadId: number, token?: string) =>
  call(t.app, 'GET', '/api/v3/view.count', { token, query: { threadId: String(threadId) } });
const records = async (threadId: number) =>
  (
    await t.app.forum.database.exec(
      'SELECT user_id FROM thread_user_view_records WHERE thread_id = $1 ORDER BY user_id',
      [threadId],
    )
  ).rows.map((r) => Number(r.user_id));
const setOpenViewCount = (on: boolean) =>
  t.app.forum.settings.set([{ key: 'open_view_count', tag: 'default', value: on ? '1' : '0' }]);

describe('view.count and per-user view records', () => {
  it('with open_view_count off (default): every visit counts, nothing is recorded', async () => {
    const { threadId } = await create(admin.token, {
      categoryId: 1,
      title: 'v',
      content: { text: '<p>v</p>' },
    });
    expect((await view(threadId, alice.token)).Data.viewCount).toBe(1);
    expect((await view(threadId, alice.token)).Data.viewCount).toBe(2);
    expect((await view(threadId)).Data.viewCount).toBe(3);
    expect(await records(threadId)).toEqual([]);
  });

  it('with it on: one record per (thread, user), the count still grows per visit; guests write no record', async () => {
    await setOpenViewCount(true);
    try {
      const { threadId } = await create(admin.token, {
        categoryId: 1,
        title: 'r',
        content: { text: '<p>r</p>' },
      });
      const a1 = await view(threadId, alice.token);
      expect(a1.Code).toBe(0);
      expect(a1.Data).toEqual({ threadId, viewCount: 1 });
      expect((await view(threadId, alice.token)).Data.viewCount).toBe(2);
      expect((await view(threadId, bob.token)).Data.viewCount).toBe(3);
      expect((await view(threadId)).Data.viewCount).toBe(4);
      expect(await records(threadId)).toEqual([alice.userId, bob.userId].sort((x, y) => x - y));
      const detail = await call(t.app, 'GET', '/api/v3/thread.detail', {
        query: { threadId: String(threadId) },
      });
      expect(detail.Data.viewCount).toBe(4);
      // The first view's time is kept.
      const first = await t.app.forum.database.exec(
        'SELECT view_at FROM thread_user_view_records WHERE thread_id = $1 AND user_id = $2',
        [threadId, alice.userId],
      );
      expect(first.rows).toHaveLength(1);
    } finally {
      await setOpenViewCount(false);
    }
  });

  it('a thread the reader may not see is -4004 and records nothing', async () => {
    await setOpenViewCount(true);
    try {
      const { threadId } = await create(alice.token, {
        categoryId: 1,
        title: 'd',
        content: { text: '<p>d</p>' },
        draft: 1,
      });
      expect((await view(threadId, bob.token)).Code).toBe(-4004);
      expect((await view(999999, bob.token)).Code).toBe(-4004);
      expect(await records(threadId)).toEqual([]);
    } finally {
      await setOpenViewCount(false);
    }
  });
});

describe('topic.view', () => {
  it('counts a visit of a topic page for guests and members; unknown topics are -4004', async () => {
    const { topicId } = await create(alice.token, {
      categoryId: 1,
      title: 't',
      content: { text: '<p>聊聊 #浏览话题# 吧</p>' },
    });
    expect(topicId).toBeGreaterThan(0);
    const one = await call(t.app, 'POST', '/api/v3/topic.view', { body: { topicId } });
    expect(one.Code).toBe(0);
    expect(one.Data).toEqual({ topicId, viewCount: 1 });
    const two = await call(t.app, 'POST', '/api/v3/topic.view', { token: bob.token, body: { topicId } });
    expect(two.Data.viewCount).toBe(2);
    const listed = await call(t.app, 'GET', '/api/v3/topics.list', {
      query: { 'filter[topicId]': String(topicId) },
    });
    expect(listed.Data.pageData[0]).toMatchObject({ topicId, viewCount: 2 });
    expect((await call(t.app, 'POST', '/api/v3/topic.view', { body: { topicId: 999999 } })).Code).toBe(-4004);
    expect((await call(t.app, 'POST', '/api/v3/topic.view', { body: { topicId: 0 } })).Code).toBe(-4001);
    expect((await call(t.app, 'POST', '/api/v3/topic.view', { body: {} })).Code).toBe(-4001);
    // Reading the topic list never counts a view by itself (SSR renders it).
    const again = await call(t.app, 'GET', '/api/v3/topics.list', {
      query: { 'filter[topicId]': String(topicId) },
    });
    expect(again.Data.pageData[0].viewCount).toBe(2);
  });
});
