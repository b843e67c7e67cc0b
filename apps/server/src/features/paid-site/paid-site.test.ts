import { OrderType, PaymentType } from '@forum/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';

/** The pay-mode gate and order types 1 and 8 (reference §1.10): who gets -3006, joining, the commission. */
let t: TestApp;
type U = { token: string; userId: number };
let admin: U;
let ann: U;

const get = (token: string | undefined, path: string) => call(t.app, 'GET', `/api/v3/${path}`, { token });
const post = (token: string | undefined, path: string, body: object) =>
  call(t.app, 'POST', `/api/v3/${path}`, { token, body });
const sql = async (text: string, params: unknown[] = []) =>
  (await t.app.forum.database.exec(text, params)).rows as Array<Record<string, unknown>>;
const siteRevenue = async () =>
  String(
    (
      await sql(`SELECT coalesce(sum(e.amount), 0)::text AS s FROM ledger_entries e
                 JOIN ledger_accounts a ON a.id = e.account_id WHERE a.kind = 'site_revenue'`)
    )[0]!.s,
  );
const balance = async (u: U) => (await get(u.token, 'wallet/user')).Data.availableAmount as string;
const setting = (key: string, value: string) => t.app.forum.settings.set([{ key, tag: 'default', value }]);

/** Gives a member 100 yuan and a pay password, then pays an order of `type` from the wallet. */
async function fund(u: U): Promise<void> {
  await post(u.token, 'users/pay-password.update', {
    payPassword: '123456',
    payPasswordConfirmation: '123456',
  });
  const r = await call(t.app, 'POST', '/api/backAdmin/update.user.wallet', {
    token: admin.token,
    body: { userId: u.userId, operate: 1, amount: '100', idempotencyKey: `fund-${u.userId}-0001` },
  });
  expect(r.Code).toBe(0);
}
async function payOrder(u: U, body: object): Promise<{ Code: number; Message: string; sn?: string }> {
  const o = await post(u.token, 'order.create', body);
  if (o.Code !== 0) return o;
  const p = await post(u.token, 'trade/pay/order', {
    orderSn: o.Data.orderSn,
    paymentType: PaymentType.WALLET,
    payPassword: '123456',
  });
  return { ...p, sn: o.Data.orderSn };
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await adminUser(t.app);
  ann = await registerUser(t.app);
  await fund(ann);
});
afterAll(async () => t?.close());

describe('the pay-mode gate (-3006)', () => {
  it('lets everyone through in public mode', async () => {
    expect((await get(undefined, 'thread.list')).Code).toBe(0);
    expect((await get(ann.token, 'thread.list')).Code).toBe(0);
  });

  it('answers -3006 to guests and unpaid members outside the whitelist; admins pass', async () => {
    await setting('site_price', '9.90');
    await setting('site_expire', '30');
    await setting('site_mode', 'pay');
    t.app.forum.users.dropSessions('*');
    const blocked = await get(undefined, 'thread.list');
    expect(blocked.Code).toBe(-3006);
    expect((await get(ann.token, 'thread.list')).Code).toBe(-3006);
    expect((await get(ann.token, 'upgrade.group')).Code).toBe(-3006);
    expect((await get(admin.token, 'thread.list')).Code).toBe(0);
    // The paid-site preview list (scope 3) is the one list served before paying.
    expect((await get(undefined, 'thread.list?scope=3')).Code).toBe(0);
    expect((await get(ann.token, 'thread.list?scope=3')).Code).toBe(0);
    expect((await get(ann.token, 'thread.list?scope=1')).Code).toBe(-3006);
    // The unpaid member is in group 6 while the site asks for payment.
    const forum = await get(ann.token, 'forum');
    expect(forum.Code).toBe(0);
    expect(forum.Data.setSite).toMatchObject({ siteMode: 'pay', sitePrice: '9.90', siteExpire: '30' });
    expect(forum.Data.user.group.id).toBe(6);
  });

  it('serves the whitelist: forum, categories, emoji, users/*, orders, wallet, backAdmin (admins)', async () => {
    for (const path of ['forum', 'categories', 'emoji', 'plugin/list']) {
      expect([path, (await get(undefined, path)).Code]).toEqual([path, 0]);
    }
    for (const path of ['user', 'wallet/user', 'users/pay-password', 'unreadnotification', 'follow.list']) {
      const r = await get(ann.token, path);
      expect([path, r.Code]).not.toEqual([path, -3006]);
    }
    // Administrators' calls answer their own -4002 to a member, never -3006.
    expect((await call(t.app, 'GET', '/api/backAdmin/adminInvite.list', { token: ann.token })).Code).toBe(
      -4002,
    );
  });

  it('lets an unpaid member read their own notifications (listing marks them read); the rest stays gated', async () => {
    const notices = await get(ann.token, 'notification?filter[type]=system');
    expect(notices.Code, notices.Message).toBe(0);
    expect(notices.Data.pageData).toEqual([expect.objectContaining({ event: 'registered', isRead: false })]);
    expect((await get(ann.token, 'unreadnotification')).Data.accountUnread).toBe(0);
    expect((await post(ann.token, 'notification.delete', { type: 'system' })).Code).toBe(-3006);
    expect((await get(ann.token, 'thread.list')).Code).toBe(-3006);
  });
});

describe('joining a paid site (order types 1 and 8)', () => {
  it('pays site_price to the site; the member then passes the gate for site_expire days', async () => {
    const before = BigInt(await siteRevenue());
    const paid = await payOrder(ann, { type: OrderType.REGISTER, idempotencyKey: 'join-ann-0001' });
    expect(paid.Code).toBe(0);
    expect(BigInt(await siteRevenue()) - before).toBe(990n);
    expect(await balance(ann)).toBe('90.10');
    expect((await get(ann.token, 'thread.list')).Code).toBe(0);
    const [row] = await sql('SELECT expired_at FROM users WHERE id = $1', [ann.userId]);
    const days = (new Date(row!.expired_at as string).getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
  });

  it('renewal (type 8) adds site_expire days to the running time', async () => {
    expect((await payOrder(ann, { type: OrderType.RENEW })).Code).toBe(0);
    const [row] = await sql('SELECT expired_at FROM users WHERE id = $1', [ann.userId]);
    expect(Math.round((new Date(row!.expired_at as string).getTime() - Date.now()) / 86_400_000)).toBe(60);
  });

  it('lapses back to the gate when expired_at has passed', async () => {
    await sql(`UPDATE users SET expired_at = now() - interval '1 day' WHERE id = $1`, [ann.userId]);
    t.app.forum.users.dropSessions('*');
    expect((await get(ann.token, 'thread.list')).Code).toBe(-3006);
    expect((await payOrder(ann, { type: OrderType.RENEW })).Code).toBe(0);
    expect((await get(ann.token, 'thread.list')).Code).toBe(0);
  });

  it('refuses guests (-3001) and administrators (-4001 type), and the site in public mode (-4002)', async () => {
    expect((await post(undefined, 'order.create', { type: OrderType.REGISTER })).Code).toBe(-3001);
    const a = await post(admin.token, 'order.create', { type: OrderType.REGISTER });
    expect([a.Code, a.Message]).toEqual([-4001, expect.stringContaining('type')]);
    await setting('site_mode', 'public');
    expect((await post(ann.token, 'order.create', { type: OrderType.REGISTER })).Code).toBe(-4002);
  });

  it('an invitee joining pays the inviter be_scale tenths; the site keeps the rest (invite.users.list)', async () => {
    // The member group may invite and pays 2 tenths commission.
    await sql(`UPDATE groups SET scale = 2, is_commission = true WHERE id = 10`);
    await sql(`INSERT INTO group_permissions (group_id, permission) VALUES (10, 'other.canInviteUserScale')
               ON CONFLICT DO NOTHING`);
    await t.app.forum.groups.changed();
    await t.app.forum.users.sessionsChanged();
    const link = await get(ann.token, 'invite.link.create');
    expect(link.Data.code).toMatch(/^[A-Za-z0-9]{32}$/);
    expect((await get(ann.token, 'invite.link.create')).Data.code).toBe(link.Data.code);
    await setting('site_mode', 'pay');
    const reg = await post(undefined, 'users/username.register', {
      username: 'invitee1',
      password: 'secret123',
      code: link.Data.code,
    });
    expect(reg.Code).toBe(0);
    const bob = { token: reg.Data.accessToken as string, userId: reg.Data.userId as number };
    await fund(bob);
    const annBefore = await balance(ann);
    const revenueBefore = BigInt(await siteRevenue());
    expect((await payOrder(bob, { type: OrderType.REGISTER })).Code).toBe(0);
    // 9.90 × 2/10 = 1.98 to the inviter, 7.92 to the site.
    expect(Number(await balance(ann)) - Number(annBefore)).toBeCloseTo(1.98, 5);
    expect(BigInt(await siteRevenue()) - revenueBefore).toBe(792n);
    // Wallet-log lines (reference §1.9): the joining fee (70) and the registration commission (34).
    const newest = async (u: U) => {
      const l = (await get(u.token, 'wallet/log?perPage=1')).Data.pageData[0];
      return [l.changeType, l.amount];
    };
    expect([await newest(bob), await newest(ann)]).toEqual([
      [70, '-9.90'],
      [34, '1.98'],
    ]);
    const list = await get(ann.token, 'invite.users.list');
    expect(list.Data).toMatchObject({ scale: 2, totalInvitees: 1, totalEarnings: '1.98' });
    expect(list.Data.pageData[0]).toMatchObject({ userId: bob.userId, earnings: '1.98' });
    await setting('site_mode', 'public');
  });
});
