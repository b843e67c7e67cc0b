import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, startTestApp, uniqueName, type TestApp } from '../../test/harness.js';
import { updateUser } from './users.repository.js';

let t: TestApp;
let viewer: { token: string; userId: number };
beforeAll(async () => {
  t = await startTestApp();
  viewer = await registerUser(t.app);
});
afterAll(async () => t?.close());

/** Registers a user with a chosen nickname. */
async function withNickname(nickname: string) {
  const username = uniqueName('s');
  const r = await call(t.app, 'POST', '/api/v3/users/username.register', {
    body: { username, password: 'secret123', nickname },
  });
  expect(r.Code).toBe(0);
  return { userId: r.Data.userId as number, username };
}

const search = (query: Record<string, string>, as: 'viewer' | 'guest' = 'viewer') =>
  call(t.app, 'GET', '/api/v3/users.list', { ...(as === 'viewer' ? { token: viewer.token } : {}), query });

describe('users.list (user search)', () => {
  it('finds a Chinese nickname by a substring, marks the match, lists exact matches first', async () => {
    const fragment = `青${Math.random().toString(36).slice(2, 5)}`;
    const long = await withNickname(`小${fragment}云朵`);
    const exact = await withNickname(fragment);
    const r = await search({ 'filter[nickname]': fragment });
    expect(r.Code).toBe(0);
    expect(r.Data.totalCount).toBe(2);
    expect(r.Data.pageData.map((u: { userId: number }) => u.userId)).toEqual([exact.userId, long.userId]);
    const hit = r.Data.pageData[1];
    expect(hit.nickname).toBe(`小${fragment}云朵`);
    expect(hit.highlight.nickname).toBe(`小<mark>${fragment}</mark>云朵`);
    expect(hit).not.toHaveProperty('mobile');
    expect(JSON.stringify(r.Data)).not.toMatch(/argon2|passwordHash/);
  });

  it('keyword matches the username case-insensitively', async () => {
    const u = await withNickname('昵称');
    const r = await search({ 'filter[keyword]': u.username.toUpperCase() });
    expect(r.Code).toBe(0);
    expect(r.Data.pageData.map((x: { userId: number }) => x.userId)).toEqual([u.userId]);
  });

  it('treats % and _ literally and escapes HTML in the highlight', async () => {
    const tag = Math.random().toString(36).slice(2, 6);
    const percent = await withNickname(`百分${tag}%折`);
    await withNickname(`百分${tag}x折`);
    const r = await search({ 'filter[nickname]': `${tag}%` });
    expect(r.Data.pageData.map((x: { userId: number }) => x.userId)).toEqual([percent.userId]);
    const under = await search({ 'filter[nickname]': `${tag}_` });
    expect(under.Data.totalCount).toBe(0);
    const all = await search({ 'filter[nickname]': '%' });
    expect(all.Data.pageData.map((x: { userId: number }) => x.userId)).toEqual([percent.userId]);

    const html = await withNickname(`<b>${tag}</b>`);
    const h = await search({ 'filter[nickname]': tag, perPage: '50' });
    const item = h.Data.pageData.find((x: { userId: number }) => x.userId === html.userId);
    expect(item.highlight.nickname).toBe(`&lt;b&gt;<mark>${tag}</mark>&lt;/b&gt;`);
  });

  it('guests may list users on a site with public profiles (the default), and are forbidden (-4002) otherwise', async () => {
    expect((await search({ 'filter[keyword]': 'a' }, 'guest')).Code).toBe(0);
    await t.app.forum.settings.set([{ key: 'user_profile_public', tag: 'default', value: '0' }]);
    try {
      const r = await search({ 'filter[keyword]': 'a' }, 'guest');
      expect(r.Code).toBe(-4002);
      expect(r.status).toBe(403);
    } finally {
      await t.app.forum.settings.set([{ key: 'user_profile_public', tag: 'default', value: '1' }]);
    }
  });

  it('rejects an invalid perPage (-4001)', async () => {
    expect((await search({ perPage: '51' })).Code).toBe(-4001);
    expect((await search({ perPage: '0' })).Code).toBe(-4001);
    expect((await search({ page: 'x' })).Code).toBe(-4001);
  });

  it('does not list banned or pending users', async () => {
    const tag = `禁${Math.random().toString(36).slice(2, 6)}`;
    const banned = await withNickname(`${tag}甲`);
    const pending = await withNickname(`${tag}乙`);
    const normal = await withNickname(`${tag}丙`);
    await updateUser(t.app.forum.database.db, banned.userId, { status: 1 });
    await updateUser(t.app.forum.database.db, pending.userId, { status: 2 });
    const r = await search({ 'filter[nickname]': tag });
    expect(r.Data.pageData.map((x: { userId: number }) => x.userId)).toEqual([normal.userId]);
    expect(r.Data.totalCount).toBe(1);
  });

  it('pages through results', async () => {
    const tag = `页${Math.random().toString(36).slice(2, 6)}`;
    for (let i = 0; i < 3; i += 1) await withNickname(`${tag}${i}`);
    const p2 = await search({ 'filter[nickname]': tag, page: '2', perPage: '2' });
    expect(p2.Data).toMatchObject({ currentPage: 2, perPage: 2, totalCount: 3, totalPage: 2 });
    expect(p2.Data.pageData).toHaveLength(1);
  });
});
