import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('GET /api/v3/forum', () => {
  it('gives guests setSite and guest permissions (view yes, post no)', async () => {
    await t.app.forum.settings.set([
      { key: 'site_name', tag: 'default', value: '测试论坛' },
      { key: 'site_record', tag: 'default', value: '京ICP备000000号' },
    ]);
    const r = await call(t.app, 'GET', '/api/v3/forum');
    expect(r.Code).toBe(0);
    expect(r.Data.setSite).toMatchObject({
      siteName: '测试论坛',
      siteRecord: '京ICP备000000号',
      isRegister: true,
      siteMode: 'public',
    });
    expect(r.Data.setSite.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(r.Data.otherPermissions).toMatchObject({
      canViewThreads: true,
      canCreateThread: false,
      canViewAdmin: false,
    });
    expect(r.Data.user).toBeNull();
  });

  it('gives members their permissions and user', async () => {
    const u = await registerUser(t.app);
    const r = await call(t.app, 'GET', '/api/v3/forum', { token: u.token });
    expect(r.Data.otherPermissions).toMatchObject({
      canViewThreads: true,
      canCreateThread: true,
      canFollow: true,
    });
    expect(r.Data.user.userId).toBe(u.userId);
  });

  it('canViewThreads follows the guest group grants', async () => {
    const db = t.app.forum.database.db;
    const { groupPermissions } = await import('../groups/groups.table.js');
    const { and, eq, inArray } = await import('drizzle-orm');
    await db
      .delete(groupPermissions)
      .where(
        and(
          eq(groupPermissions.groupId, 7),
          inArray(groupPermissions.permission, ['viewThreads', 'switch.viewThreads']),
        ),
      );
    await t.app.forum.groups.changed();
    try {
      const r = await call(t.app, 'GET', '/api/v3/forum');
      expect(r.Data.otherPermissions.canViewThreads).toBe(false);
    } finally {
      await db.insert(groupPermissions).values([
        { groupId: 7, permission: 'viewThreads' },
        { groupId: 7, permission: 'switch.viewThreads' },
      ]);
      await t.app.forum.groups.changed();
    }
  });

  it('a closed site answers -3005 with the message to non-admins; admins pass', async () => {
    const member = await registerUser(t.app);
    const admin = await adminUser(t.app);
    await t.app.forum.settings.set([
      { key: 'site_close', tag: 'default', value: '1' },
      { key: 'site_close_msg', tag: 'default', value: '维护中' },
    ]);
    try {
      const forum = await call(t.app, 'GET', '/api/v3/forum');
      expect(forum.Code).toBe(0);
      expect(forum.Data.setSite.siteClose).toBe(true);
      const closed = await call(t.app, 'GET', '/api/v3/user', { token: member.token });
      expect(closed).toMatchObject({ Code: -3005, Message: '维护中', Data: { detail: '维护中' } });
      const asAdmin = await call(t.app, 'GET', '/api/v3/user', {
        token: admin.token,
        query: { userId: String(member.userId) },
      });
      expect(asAdmin.Code).toBe(0);
      // Logging in stays possible so an admin can get in.
      const login = await call(t.app, 'POST', '/api/v3/users/username.login', {
        body: { username: admin.username, password: 'adminpass1' },
      });
      expect(login.Code).toBe(0);
    } finally {
      await t.app.forum.settings.set([{ key: 'site_close', tag: 'default', value: '0' }]);
    }
  });
});
