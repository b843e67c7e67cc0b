import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminUser,
  call,
  registerUser,
  startTestApp,
  type TestApp,
  createThread,
} from '../../test/harness.js';

let t: TestApp;
let admin: { token: string; userId: number };
let member: { token: string; userId: number };
let trial: { token: string; userId: number };
let oldId: number;
let newId: number;

const TRIAL = 8;

/** Registers a user straight into the free-experience group (as an experience invite would). */
async function registerTrialUser() {
  const db = t.app.forum.database;
  await db.exec('UPDATE groups SET is_default = (id = $1)', [TRIAL]);
  await t.app.forum.groups.changed();
  try {
    return await registerUser(t.app);
  } finally {
    await db.exec('UPDATE groups SET is_default = (id = 10)');
    await t.app.forum.groups.changed();
  }
}

const create = (token: string, title: string) => createThread(t.app, token, title);
const ageDays = (id: number, days: number) =>
  t.app.forum.database.exec(
    `UPDATE threads SET created_at = now() - make_interval(days => $2) WHERE id = $1`,
    [id, days],
  );
const listIds = async (token: string, query: Record<string, string> = {}) => {
  const r = await call(t.app, 'GET', '/api/v3/thread.list', { token, query: { perPage: '50', ...query } });
  expect(r.Code).toBe(0);
  return (r.Data.pageData as Array<{ threadId: number }>).map((x) => x.threadId);
};

beforeAll(async () => {
  t = await startTestApp();
  await t.app.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
  admin = await adminUser(t.app);
  member = await registerUser(t.app);
  trial = await registerTrialUser();
  oldId = await create(admin.token, '四十天前');
  newId = await create(admin.token, '今天');
  await ageDays(oldId, 40);
  const reply = await call(t.app, 'POST', '/api/v3/posts.create', {
    token: admin.token,
    body: { id: oldId, content: '旧帖的回复' },
  });
  expect(reply.Code).toBe(0);
});
afterAll(async () => t?.close());

describe('experience group content_range', () => {
  it('the trial user really is in group 8', async () => {
    const me = await call(t.app, 'GET', '/api/v3/user', {
      token: trial.token,
      query: { userId: String(trial.userId) },
    });
    expect(me.Code).toBe(0);
    expect(me.Data.group.id).toBe(TRIAL);
  });

  it('lists: a group-8 reader sees only the last 30 days; a member sees everything', async () => {
    const trialIds = await listIds(trial.token);
    expect(trialIds).toContain(newId);
    expect(trialIds).not.toContain(oldId);
    const memberIds = await listIds(member.token);
    expect(memberIds).toEqual(expect.arrayContaining([oldId, newId]));
    // Every sort and the hot list obey the window too.
    expect(await listIds(trial.token, { 'filter[sort]': '3' })).not.toContain(oldId);
    const rec = await call(t.app, 'GET', '/api/v3/thread.recommends', {
      token: trial.token,
      query: { perPage: '10' },
    });
    expect(rec.Data.map((x: { threadId: number }) => x.threadId)).not.toContain(oldId);
  });

  it('detail, posts and views of an old thread answer -4004 to group 8 (as if it did not exist)', async () => {
    const detail = await call(t.app, 'GET', '/api/v3/thread.detail', {
      token: trial.token,
      query: { threadId: String(oldId) },
    });
    expect(detail.Code).toBe(-4004);
    const missing = await call(t.app, 'GET', '/api/v3/thread.detail', {
      token: trial.token,
      query: { threadId: '999999' },
    });
    expect(detail.Code).toBe(missing.Code);
    const posts = await call(t.app, 'GET', '/api/v3/posts.list', {
      token: trial.token,
      query: { 'filter[thread]': String(oldId) },
    });
    expect(posts.Code).toBe(-4004);
    const view = await call(t.app, 'GET', '/api/v3/view.count', {
      token: trial.token,
      query: { threadId: String(oldId) },
    });
    expect(view.Code).toBe(-4004);
    const fresh = await call(t.app, 'GET', '/api/v3/thread.detail', {
      token: trial.token,
      query: { threadId: String(newId) },
    });
    expect(fresh.Code).toBe(0);
    const memberDetail = await call(t.app, 'GET', '/api/v3/thread.detail', {
      token: member.token,
      query: { threadId: String(oldId) },
    });
    expect(memberDetail.Code).toBe(0);
    const memberPosts = await call(t.app, 'GET', '/api/v3/posts.list', {
      token: member.token,
      query: { 'filter[thread]': String(oldId) },
    });
    expect(memberPosts.Code).toBe(0);
    expect(JSON.stringify(memberPosts.Data)).toContain('旧帖的回复');
  });

  it("the group's content_range widens the window; a trial user's own old thread stays theirs", async () => {
    await t.app.forum.database.exec('UPDATE groups SET content_range = 60 WHERE id = $1', [TRIAL]);
    await t.app.forum.groups.changed();
    try {
      expect(await listIds(trial.token)).toContain(oldId);
      const detail = await call(t.app, 'GET', '/api/v3/thread.detail', {
        token: trial.token,
        query: { threadId: String(oldId) },
      });
      expect(detail.Code).toBe(0);
    } finally {
      await t.app.forum.database.exec('UPDATE groups SET content_range = 30 WHERE id = $1', [TRIAL]);
      await t.app.forum.groups.changed();
    }
    // Their own thread (authored by them, however it got there) is never hidden from them.
    const mine = await create(admin.token, '我的旧帖');
    await t.app.forum.database.exec('UPDATE threads SET user_id = $2 WHERE id = $1', [mine, trial.userId]);
    await ageDays(mine, 90);
    expect(await listIds(trial.token)).toContain(mine);
    expect(await listIds(trial.token)).not.toContain(oldId);
  });
});
