import { OrderType, PaymentType } from '@forum/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminUser, call, registerUser, startInstances } from '../../test/harness.js';

/**
 * A purchase drops only the payer's cached sessions (5 s cache, `UsersService.sessionsChanged(userId)`):
 * the payer's new group counts at once, on every instance, while other members' cached sessions stay. The
 * clock is frozen (Date only) so the cache cannot expire by itself on a slow machine; moving it 6 s on shows
 * the other member's session was merely cached.
 */
type U = { token: string; userId: number };
const MEMBER_GROUP = 10;
/** Where a member who has not paid a paid site is while it asks for payment. */
const UNPAID_GROUP = 6;

/** The group the forum reply shows the member in: it comes from their (cached) session. */
const groupOf = async (app: FastifyInstance, u: U) =>
  ((await call(app, 'GET', '/api/v3/forum', { token: u.token })).Data.user as { group: { id: number } }).group
    .id;

/** Checks up to `tries` times, 25 ms apart (no `Date.now()`: the clock is frozen). */
async function eventually(check: () => Promise<boolean>, tries = 80): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}

/** A new member with 50.00 yuan and a pay password. */
async function payer(app: FastifyInstance): Promise<U> {
  const u = await registerUser(app);
  await call(app, 'POST', '/api/v3/users/pay-password.update', {
    token: u.token,
    body: { payPassword: '123456', payPasswordConfirmation: '123456' },
  });
  const credit = await call(app, 'POST', '/api/backAdmin/update.user.wallet', {
    token: admin.token,
    body: {
      userId: u.userId,
      operate: 1,
      amount: '50',
      idempotencyKey: `fund-member-${String(u.userId).padStart(6, '0')}`,
    },
  });
  expect(credit.Code).toBe(0);
  return u;
}

/** Buys a paid group (or, without one, joins the paid site) with the wallet. */
async function buy(app: FastifyInstance, u: U, groupId?: number) {
  const o = await call(app, 'POST', '/api/v3/order.create', {
    token: u.token,
    body: groupId === undefined ? { type: OrderType.REGISTER } : { type: OrderType.GROUP, groupId },
  });
  expect(o.Code).toBe(0);
  const paid = await call(app, 'POST', '/api/v3/trade/pay/order', {
    token: u.token,
    body: { orderSn: o.Data.orderSn, paymentType: PaymentType.WALLET, payPassword: '123456' },
  });
  expect(paid.Code).toBe(0);
}

/** Moves a member's group in the database without telling anyone (their cached session does not know). */
const moveQuietly = (app: FastifyInstance, u: U, groupId: number) =>
  app.forum.database.exec('UPDATE group_user SET group_id = $2 WHERE user_id = $1', [u.userId, groupId]);

/** Two instances on one database (and one Redis when REDIS_URL is set; otherwise only the first is used). */
let apps: FastifyInstance[] = [];
let closeAll: () => Promise<void>;
let admin: U;
let silver: number;
beforeAll(async () => {
  ({ apps, close: closeAll } = await startInstances(process.env.REDIS_URL ? 2 : 1));
  const app = apps[0]!;
  admin = await adminUser(app);
  const g = await call(app, 'POST', '/api/groups.create.v2', {
    token: admin.token,
    body: { name: '白银', isPaid: true, fee: 10, days: 30, level: 1 },
  });
  expect(g.Code).toBe(0);
  silver = g.Data.id as number;
  await app.forum.settings.set([{ key: 'site_pay_group_close', tag: 'default', value: '1' }]);
});
afterAll(async () => closeAll?.());
afterEach(() => vi.useRealTimers());

describe('a purchase drops only the payer’s cached sessions', () => {
  it('on one instance: the payer is in the new group at once; another member’s cached session stays', async () => {
    const app = apps[0]!;
    const [ann, bob] = await Promise.all([payer(app), registerUser(app)]);
    vi.useFakeTimers({ toFake: ['Date'] });
    expect(await groupOf(app, ann)).toBe(MEMBER_GROUP);
    expect(await groupOf(app, bob)).toBe(MEMBER_GROUP);
    await moveQuietly(app, bob, silver);
    await buy(app, ann, silver);
    expect(await groupOf(app, ann)).toBe(silver);
    // Bob's session is still the cached one: a purchase no longer empties every member's cache.
    expect(await groupOf(app, bob)).toBe(MEMBER_GROUP);
    vi.setSystemTime(Date.now() + 6_000);
    expect(await groupOf(app, bob)).toBe(silver);
  });

  it('joining a paid site: the payer leaves the unpaid group at once; another unpaid member’s session stays', async () => {
    const app = apps[0]!;
    const set = (key: string, value: string) => app.forum.settings.set([{ key, tag: 'default', value }]);
    await set('site_price', '9.90');
    await set('site_mode', 'pay');
    try {
      const [eve, fay] = await Promise.all([payer(app), registerUser(app)]);
      vi.useFakeTimers({ toFake: ['Date'] });
      expect(await groupOf(app, eve)).toBe(UNPAID_GROUP);
      expect(await groupOf(app, fay)).toBe(UNPAID_GROUP);
      await app.forum.database.exec(`UPDATE users SET expired_at = now() + interval '1 day' WHERE id = $1`, [
        fay.userId,
      ]);
      await buy(app, eve);
      expect(await groupOf(app, eve)).toBe(MEMBER_GROUP);
      expect(await groupOf(app, fay)).toBe(UNPAID_GROUP);
      vi.setSystemTime(Date.now() + 6_000);
      expect(await groupOf(app, fay)).toBe(MEMBER_GROUP);
    } finally {
      await set('site_mode', 'public');
    }
  });

  it.skipIf(!process.env.REDIS_URL)(
    'across instances: the payer’s sessions cached on the other instance are dropped, no one else’s',
    async () => {
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      const [cat, dan] = await Promise.all([payer(a), registerUser(a)]);
      vi.useFakeTimers({ toFake: ['Date'] });
      // Both sessions cached on instance b; the purchase happens on a.
      expect(await groupOf(b, cat)).toBe(MEMBER_GROUP);
      expect(await groupOf(b, dan)).toBe(MEMBER_GROUP);
      await moveQuietly(a, dan, silver);
      await buy(a, cat, silver);
      expect(await eventually(async () => (await groupOf(b, cat)) === silver)).toBe(true);
      expect(await groupOf(b, dan)).toBe(MEMBER_GROUP);
      vi.setSystemTime(Date.now() + 6_000);
      expect(await groupOf(b, dan)).toBe(silver);
    },
  );
});
