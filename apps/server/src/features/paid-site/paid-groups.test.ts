import { OrderType, PaymentType, UpgradeButton } from '@forum/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';

/** Paid groups (reference §1.10): the admin rules, buying, renewing, upgrading with queued days, expiry. */
let t: TestApp;
type U = { token: string; userId: number };
let admin: U;
let ann: U;
let silver: number;
let gold: number;

const get = (token: string | undefined, path: string) => call(t.app, 'GET', `/api/v3/${path}`, { token });
const post = (token: string | undefined, path: string, body: object) =>
  call(t.app, 'POST', `/api/v3/${path}`, { token, body });
const sql = async (text: string, params: unknown[] = []) =>
  (await t.app.forum.database.exec(text, params)).rows as Array<Record<string, unknown>>;
const createGroup = (body: object) =>
  call(t.app, 'POST', '/api/groups.create.v2', { token: admin.token, body });
const membership = async (u: U) => {
  const [r] = await sql('SELECT group_id, expires_at FROM group_user WHERE user_id = $1', [u.userId]);
  const end = r!.expires_at ? new Date(r!.expires_at as string).getTime() : null;
  return {
    groupId: r!.group_id as number,
    days: end === null ? null : Math.round((end - Date.now()) / 86_400_000),
  };
};
async function buy(u: U, groupId: number) {
  const o = await post(u.token, 'order.create', { type: OrderType.GROUP, groupId });
  if (o.Code !== 0) return o;
  return post(u.token, 'trade/pay/order', {
    orderSn: o.Data.orderSn,
    paymentType: PaymentType.WALLET,
    payPassword: '123456',
  });
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await adminUser(t.app);
  ann = await registerUser(t.app);
  await post(ann.token, 'users/pay-password.update', {
    payPassword: '123456',
    payPasswordConfirmation: '123456',
  });
  await call(t.app, 'POST', '/api/backAdmin/update.user.wallet', {
    token: admin.token,
    body: { userId: ann.userId, operate: 1, amount: '500', idempotencyKey: 'fund-ann-00001' },
  });
});
afterAll(async () => t?.close());

describe('paid-group rules in the group editor', () => {
  it('creates paid groups with a fee, days and a unique level 1-5', async () => {
    const s = await createGroup({ name: '白银', isPaid: true, fee: 10, days: 30, level: 1 });
    const g = await createGroup({ name: '黄金', isPaid: true, fee: 20, days: 10, level: 2 });
    expect([s.Code, g.Code]).toEqual([0, 0]);
    silver = s.Data.id;
    gold = g.Data.id;
    // The administrator gives the paid groups their rights; gold may also invite (members may not).
    const grant = (groupId: number, permissions: string[]) =>
      call(t.app, 'POST', '/api/backAdmin/permission.update', {
        token: admin.token,
        body: { groupId, permissions },
      });
    expect((await grant(silver, ['viewThreads', 'createThread', 'thread.reply'])).Code).toBe(0);
    expect(
      (await grant(gold, ['viewThreads', 'createThread', 'thread.reply', 'other.canInviteUserScale'])).Code,
    ).toBe(0);
  });

  it('refuses a shared level, no fee or days, groups 1/6/7, the default group and a sixth paid group', async () => {
    const field = async (r: Promise<{ Code: number; Message: string }>, name: string) => {
      const x = await r;
      expect([x.Code, x.Message]).toEqual([-4001, expect.stringContaining(name)]);
    };
    await field(createGroup({ name: 'a', isPaid: true, fee: 5, days: 5, level: 1 }), 'level');
    await field(createGroup({ name: 'b', isPaid: true, fee: 0, days: 5, level: 3 }), 'fee');
    await field(createGroup({ name: 'c', isPaid: true, fee: 5, days: 0, level: 3 }), 'days');
    await field(createGroup({ name: 'd', isPaid: true, fee: 5, days: 5, level: 0 }), 'level');
    await field(
      createGroup({ name: 'e', isPaid: true, fee: 5, days: 5, level: 3, isDefault: true }),
      'isPaid',
    );
    const upd = (id: number) =>
      call(t.app, 'POST', '/api/backAdmin/groups.batchupdate', {
        token: admin.token,
        body: { data: [{ id, isPaid: true, fee: 5, days: 5, level: 4 }] },
      });
    for (const id of [1, 6, 7]) await field(upd(id), 'isPaid');
    for (const level of [3, 4, 5]) {
      expect((await createGroup({ name: `p${level}`, isPaid: true, fee: 1, days: 1, level })).Code).toBe(0);
    }
    await field(createGroup({ name: 'sixth', isPaid: true, fee: 1, days: 1, level: 5 }), 'isPaid');
    expect((await sql('SELECT count(*)::int AS n FROM groups WHERE is_paid'))[0]!.n).toBe(5);
  });
});

describe('buying, renewing and upgrading (order type 4)', () => {
  it('refuses while group purchase is off, and guests', async () => {
    expect((await post(ann.token, 'order.create', { type: OrderType.GROUP, groupId: silver })).Code).toBe(
      -4002,
    );
    expect((await post(undefined, 'order.create', { type: OrderType.GROUP, groupId: silver })).Code).toBe(
      -3001,
    );
    expect((await get(undefined, 'upgrade.group')).Code).toBe(-3001);
    await t.app.forum.settings.set([{ key: 'site_pay_group_close', tag: 'default', value: '1' }]);
  });

  it('lists the paid groups by level with a buy button', async () => {
    const r = await get(ann.token, 'upgrade.group');
    expect(r.Data.map((g: { level: number }) => g.level)).toEqual([1, 2, 3, 4, 5]);
    expect(r.Data[0]).toMatchObject({
      groupId: silver,
      fee: '10.00',
      days: 30,
      button: UpgradeButton.UPGRADE,
    });
  });

  it('buys: the member is in the group for its days, the fee goes to the site, the history has a row', async () => {
    expect((await buy(ann, silver)).Code).toBe(0);
    expect(await membership(ann)).toEqual({ groupId: silver, days: 30 });
    const list = (await get(ann.token, 'upgrade.group')).Data;
    expect(list[0]).toMatchObject({ isMine: true, button: UpgradeButton.RENEW, remainDays: 30 });
    expect(list[1].button).toBe(UpgradeButton.UPGRADE);
    expect(
      (await sql('SELECT count(*)::int AS n FROM group_paid_users WHERE user_id = $1', [ann.userId]))[0]!.n,
    ).toBe(1);
  });

  it('renews the same group: days are added', async () => {
    expect((await buy(ann, silver)).Code).toBe(0);
    expect(await membership(ann)).toEqual({ groupId: silver, days: 60 });
    const rows = await sql('SELECT delete_type FROM group_paid_users WHERE user_id = $1 ORDER BY id', [
      ann.userId,
    ]);
    expect(rows.map((r) => r.delete_type)).toEqual([3, null]);
  });

  it('upgrades to a higher level: the unused days of the old group are queued; a lower group is refused', async () => {
    expect((await buy(ann, gold)).Code).toBe(0);
    expect(await membership(ann)).toEqual({ groupId: gold, days: 10 });
    const [mq] = await sql('SELECT group_id, remain_days FROM group_user_mqs WHERE user_id = $1', [
      ann.userId,
    ]);
    expect(mq).toMatchObject({ group_id: silver, remain_days: 60 });
    const lower = await post(ann.token, 'order.create', { type: OrderType.GROUP, groupId: silver });
    expect([lower.Code, lower.Message]).toEqual([-4001, expect.stringContaining('groupId')]);
    expect((await get(ann.token, 'upgrade.group')).Data[0].button).toBe(UpgradeButton.NONE);
    // The member now has the group's rights: gold may invite.
    expect((await get(ann.token, 'user')).Data.group.id).toBe(gold);
    expect((await get(ann.token, 'forum')).Data.otherPermissions.canInvite).toBe(true);
    expect((await get(ann.token, 'invite.link.create')).Code).toBe(0);
  });

  it('the expiry job puts a lapsed member back in the queued group for its days, then the default group', async () => {
    await sql(`UPDATE group_user SET expires_at = now() - interval '1 minute' WHERE user_id = $1`, [
      ann.userId,
    ]);
    expect(await t.app.paidGroups.expireDue()).toBe(1);
    expect(await membership(ann)).toEqual({ groupId: silver, days: 60 });
    await sql(`UPDATE group_user SET expires_at = now() - interval '1 minute' WHERE user_id = $1`, [
      ann.userId,
    ]);
    expect(await t.app.paidGroups.expireDue()).toBe(1);
    expect(await membership(ann)).toEqual({ groupId: 10, days: null });
    expect((await get(ann.token, 'invite.link.create')).Code).toBe(-4002);
    const ends = await sql('SELECT delete_type FROM group_paid_users WHERE user_id = $1 ORDER BY id', [
      ann.userId,
    ]);
    expect(ends.map((r) => r.delete_type)).toEqual([3, 3, 1, 1]);
  });

  it('refuses an unknown or unpaid group (-4004) and a missing groupId (-4001)', async () => {
    expect((await post(ann.token, 'order.create', { type: OrderType.GROUP, groupId: 10 })).Code).toBe(-4004);
    const missing = await post(ann.token, 'order.create', { type: OrderType.GROUP });
    expect([missing.Code, missing.Message]).toEqual([-4001, expect.stringContaining('groupId')]);
  });
});
