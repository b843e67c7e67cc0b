import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../test/harness.js';
import { ensureAdmin } from '../../startup.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('bootstrap and install', () => {
  it('seeds the preset groups, default grants, settings and the default category', async () => {
    const { database, groups } = t.app.forum;
    for (const id of [1, 6, 7, 8, 10]) expect(groups.group(id)).toBeTruthy();
    expect(groups.defaultGroupId()).toBe(10);
    expect(groups.permissions(10).has('createThread')).toBe(true);
    expect(groups.permissions(7).has('viewThreads')).toBe(true);
    expect(groups.permissions(7).has('createThread')).toBe(false);
    expect(groups.permissions(10).has('thread.essence')).toBe(false);
    const cats = await database.exec('SELECT name FROM categories');
    expect(cats.rows.map((r) => r.name)).toContain('默认分类');
    // New groups never take a preset id.
    const next = await database.exec("INSERT INTO groups (name) VALUES ('x') RETURNING id");
    expect(Number(next.rows[0]!.id)).toBeGreaterThan(10);
  });

  it('creates the first admin with the one-time setup token, once', async () => {
    expect((await call(t.app, 'GET', '/api/v3/install')).Data.installed).toBe(false);
    const link = await ensureAdmin(t.app, 'http://localhost:3000');
    expect(link).toMatch(/^http:\/\/localhost:3000\/install\?token=/);
    const token = new URL(link!).searchParams.get('token')!;
    const bad = await call(t.app, 'POST', '/api/v3/install', {
      body: { token: 'nope', username: 'root', password: 'rootpass1' },
    });
    expect(bad.Code).toBe(-4002);
    const ok = await call(t.app, 'POST', '/api/v3/install', {
      body: { token, username: 'root', password: 'rootpass1', siteName: '我的论坛' },
    });
    expect(ok.Code).toBe(0);
    const again = await call(t.app, 'POST', '/api/v3/install', {
      body: { token, username: 'root2', password: 'rootpass1' },
    });
    expect(again.Code).toBe(-4003);
    const forum = await call(t.app, 'GET', '/api/v3/forum');
    expect(forum.Data).toMatchObject({ installed: true, setSite: { siteName: '我的论坛' } });
    expect(forum.Data.setSite.siteCount.users).toBe(1);
    const login = await call(t.app, 'POST', '/api/v3/users/username.login', {
      body: { username: 'root', password: 'rootpass1' },
    });
    expect(login.Data.user.group.id).toBe(1);
    expect(await ensureAdmin(t.app, 'http://x')).toBeNull();
  });
});
