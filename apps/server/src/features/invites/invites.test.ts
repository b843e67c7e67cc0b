import { InviteStatus } from '@forum/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, uniqueName, type TestApp } from '../../test/harness.js';

/** Invite links (reference §1.10): administrators' links to a group, members' links with commission terms. */
let t: TestApp;
type U = { token: string; userId: number };
let admin: U;
let ann: U;

const adminGet = (token: string | undefined, path: string) =>
  call(t.app, 'GET', `/api/backAdmin/${path}`, { token });
const get = (token: string | undefined, path: string) => call(t.app, 'GET', `/api/v3/${path}`, { token });
const sql = async (text: string, params: unknown[] = []) =>
  (await t.app.forum.database.exec(text, params)).rows as Array<Record<string, unknown>>;
const register = (code: string) =>
  call(t.app, 'POST', '/api/v3/users/username.register', {
    body: { username: uniqueName(), password: 'secret123', code },
  });
const groupOf = async (userId: number) =>
  (await sql('SELECT group_id, expires_at FROM group_user WHERE user_id = $1', [userId]))[0]!;

beforeAll(async () => {
  t = await startTestApp();
  admin = await adminUser(t.app);
  ann = await registerUser(t.app);
});
afterAll(async () => t?.close());

describe('administrators’ invite links', () => {
  it('only administrators create, list and revoke them (-4002 for members, guests)', async () => {
    expect((await adminGet(ann.token, 'adminInvite.link.create?groupId=10')).Code).toBe(-4002);
    expect((await adminGet(undefined, 'adminInvite.list')).Code).toBe(-4002);
    const revoke = await call(t.app, 'POST', '/api/backAdmin/adminInvite.revoke', {
      token: ann.token,
      body: { id: 1 },
    });
    expect(revoke.Code).toBe(-4002);
  });

  it('makes a 32-character one-use code; registering with it joins the group and uses it up', async () => {
    const vip = await call(t.app, 'POST', '/api/groups.create.v2', {
      token: admin.token,
      body: { name: 'VIP' },
    });
    const link = await adminGet(admin.token, `adminInvite.link.create?groupId=${vip.Data.id}`);
    expect(link.Code).toBe(0);
    expect(link.Data).toMatchObject({ groupId: vip.Data.id, groupName: 'VIP', status: InviteStatus.UNUSED });
    expect(link.Data.code).toMatch(/^[A-Za-z0-9]{32}$/);
    const resolved = await get(undefined, `invite.resolve?code=${link.Data.code}`);
    expect(resolved.Data).toMatchObject({ type: 2, valid: true });
    const r = await register(link.Data.code);
    expect(r.Code).toBe(0);
    expect((await groupOf(r.Data.userId)).group_id).toBe(vip.Data.id);
    const list = await adminGet(admin.token, 'adminInvite.list');
    expect(list.Data.pageData[0]).toMatchObject({
      id: link.Data.id,
      status: InviteStatus.USED,
      toUserId: r.Data.userId,
    });
    const again = await register(link.Data.code);
    expect([again.Code, again.Message]).toEqual([-4001, expect.stringContaining('code')]);
  });

  it('refuses links to groups 1, 6 and 7 (-4001) and unknown groups (-4004)', async () => {
    for (const id of [1, 6, 7]) {
      expect((await adminGet(admin.token, `adminInvite.link.create?groupId=${id}`)).Code).toBe(-4001);
    }
    expect((await adminGet(admin.token, 'adminInvite.link.create?groupId=999')).Code).toBe(-4004);
  });

  it('revokes an unused link (status 0): it no longer works; revoking a used one is refused', async () => {
    const link = await adminGet(admin.token, 'adminInvite.link.create?groupId=10');
    const revoke = (id: number) =>
      call(t.app, 'POST', '/api/backAdmin/adminInvite.revoke', { token: admin.token, body: { id } });
    expect((await revoke(link.Data.id)).Data.status).toBe(InviteStatus.INVALID);
    expect((await register(link.Data.code)).Code).toBe(-4001);
    expect((await revoke(link.Data.id)).Code).toBe(-4001);
  });

  it('an expired link reads as status 3 and is refused', async () => {
    const link = await adminGet(admin.token, 'adminInvite.link.create?groupId=10');
    await sql(`UPDATE invites SET expires_at = now() - interval '1 minute' WHERE id = $1`, [link.Data.id]);
    expect((await register(link.Data.code)).Code).toBe(-4001);
    const list = await adminGet(admin.token, 'adminInvite.list?status=3');
    expect(list.Data.pageData.map((i: { id: number }) => i.id)).toContain(link.Data.id);
  });

  it('links to the experience group (8) stay reusable and last its time_range days', async () => {
    await sql('UPDATE groups SET time_range = 5 WHERE id = 8');
    await t.app.forum.groups.changed();
    const link = await adminGet(admin.token, 'adminInvite.link.create?groupId=8');
    for (let i = 0; i < 2; i++) {
      const r = await register(link.Data.code);
      expect(r.Code).toBe(0);
      const g = await groupOf(r.Data.userId);
      expect(g.group_id).toBe(8);
      expect(Math.round((new Date(g.expires_at as string).getTime() - Date.now()) / 86_400_000)).toBe(5);
    }
  });
});

describe('members’ invite links', () => {
  it('needs other.canInviteUserScale (-4002 without it, -3001 for guests)', async () => {
    expect((await get(ann.token, 'invite.link.create')).Code).toBe(-4002);
    expect((await get(undefined, 'invite.link.create')).Code).toBe(-3001);
    expect((await get(undefined, 'invite.users.list')).Code).toBe(-3001);
  });

  it('registering with it records the distribution with the inviter group’s terms and a mutual follow', async () => {
    await sql(`UPDATE groups SET scale = 3, is_subordinate = true, is_commission = true WHERE id = 10`);
    await sql(`INSERT INTO group_permissions (group_id, permission) VALUES (10, 'other.canInviteUserScale')
               ON CONFLICT DO NOTHING`);
    await t.app.forum.groups.changed();
    await t.app.forum.users.sessionsChanged();
    const { code } = (await get(ann.token, 'invite.link.create')).Data as { code: string };
    const resolved = await get(undefined, `invite.resolve?code=${code}`);
    expect(resolved.Data).toMatchObject({ type: 1, valid: true, inviterNickname: expect.any(String) });
    const r = await register(code);
    expect(r.Code).toBe(0);
    expect((await groupOf(r.Data.userId)).group_id).toBe(10);
    const [d] = await sql('SELECT * FROM user_distributions WHERE user_id = $1', [r.Data.userId]);
    expect(d).toMatchObject({
      inviter_id: ann.userId,
      be_scale: 3,
      is_subordinate: true,
      is_commission: true,
    });
    const follows = await sql(
      'SELECT from_user_id, is_mutual FROM user_follow WHERE $1 IN (from_user_id, to_user_id) ORDER BY from_user_id',
      [r.Data.userId],
    );
    expect(follows).toHaveLength(2);
    expect(follows.every((f) => f.is_mutual === true)).toBe(true);
    // The link is reusable.
    expect((await register(code)).Code).toBe(0);
    const mine = await get(ann.token, 'invite.users.list');
    expect(mine.Data).toMatchObject({ totalInvitees: 2, scale: 3, totalEarnings: '0.00' });
  });

  it('an unknown code is refused at registration (-4001 code) and resolves as invalid', async () => {
    const bad = 'x'.repeat(32);
    expect((await register(bad)).Code).toBe(-4001);
    expect((await get(undefined, `invite.resolve?code=${bad}`)).Data.valid).toBe(false);
  });
});
