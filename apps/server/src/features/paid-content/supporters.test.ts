import { OrderType, PaymentType } from '@forum/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';

// Tippers and paid readers on a thread (issue 27 §2): `thread.likedusers` lists them from the paid orders with
// the likes, newest first, with the original's counts; amounts only to the payee, the payer and administrators.

let t: TestApp;
type U = { token: string; userId: number };
let admin: U;
let ann: U; // author
let ben: U; // likes, then tips
let cat: U; // tips last
let dan: U; // pays to read
let threadId: number;

const post = (u: U, path: string, body: object) =>
  call(t.app, 'POST', `/api/v3/${path}`, { token: u.token, body });
const get = (u: U | null, path: string) => call(t.app, 'GET', `/api/v3/${path}`, { token: u?.token });
const liked = (u: U | null, id: number, query = '') => get(u, `thread.likedusers?threadId=${id}${query}`);
/** Two calls, as the web does: order.create, then trade/pay/order by wallet. */
async function pay(u: U, body: object) {
  const order = await post(u, 'order.create', body);
  expect(order.Code, order.Message).toBe(0);
  const paid = await post(u, 'trade/pay/order', {
    orderSn: order.Data.orderSn,
    paymentType: PaymentType.WALLET,
    payPassword: '123456',
  });
  expect(paid.Code, paid.Message).toBe(0);
}
async function newThread(u: U, fields: object = {}) {
  const r = await post(u, 'thread.create', {
    categoryId: 1,
    title: 'Supported',
    content: { text: '<p>words worth paying for</p>' },
    ...fields,
  });
  expect(r.Code, r.Message).toBe(0);
  return Number(r.Data.threadId);
}
type Item = { userId: number; type: number; amount?: number; nickname: string; avatar: string };
const brief = (list: Item[]) => list.map((i) => [i.userId, i.type, i.amount]);

beforeAll(async () => {
  t = await startTestApp();
  admin = await adminUser(t.app);
  [ann, ben, cat, dan] = await Promise.all([
    registerUser(t.app),
    registerUser(t.app),
    registerUser(t.app),
    registerUser(t.app),
  ]);
  await t.app.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
  for (const u of [ben, cat, dan]) {
    await post(u, 'users/pay-password.update', { payPassword: '123456', payPasswordConfirmation: '123456' });
    await call(t.app, 'POST', '/api/backAdmin/update.user.wallet', {
      token: admin.token,
      body: { userId: u.userId, operate: 1, amount: '100', idempotencyKey: `sup-${u.userId}-0001` },
    });
  }
  threadId = await newThread(ann, { price: 3 });
  const postId = Number((await get(ann, `thread.detail?threadId=${threadId}`)).Data.postId);
  expect((await post(ben, 'posts.update', { postId, data: { attributes: { isLiked: true } } })).Code).toBe(0);
  await pay(ben, { type: OrderType.REWARD, threadId, amount: 1.5 });
  await pay(dan, { type: OrderType.THREAD, threadId });
  await pay(cat, { type: OrderType.REWARD, threadId, amount: 2 });
});
afterAll(async () => t?.close());

describe('thread.likedusers: tippers and paid readers', () => {
  it('the author sees who tipped and paid, newest first, with amounts and the counts', async () => {
    const r = await liked(ann, threadId);
    expect(r.Code, r.Message).toBe(0);
    expect(r.Data.pageData).toMatchObject({
      allCount: 4,
      likeCount: 1,
      rewardCount: 2,
      paidCount: 1,
      raidCount: 1,
    });
    expect(brief(r.Data.pageData.list)).toEqual([
      [cat.userId, 3, 2],
      [dan.userId, 2, 3],
      [ben.userId, 3, 1.5],
      [ben.userId, 1, undefined],
    ]);
    expect(r.Data.totalCount).toBe(4);
    const tips = await liked(ann, threadId, '&type=3');
    expect(brief(tips.Data.pageData.list)).toEqual([
      [cat.userId, 3, 2],
      [ben.userId, 3, 1.5],
    ]);
    expect([tips.Data.totalCount, tips.Data.totalPage]).toEqual([2, 1]);
    expect(brief((await liked(ann, threadId, '&type=4')).Data.pageData.list)).toEqual([[dan.userId, 2, 3]]);
    // The original's type 2: every paid order; type 1: the likes alone.
    const orders = await liked(ann, threadId, '&type=2');
    expect(orders.Data.pageData.list.map((i: Item) => i.userId)).toEqual([
      cat.userId,
      dan.userId,
      ben.userId,
    ]);
    expect(brief((await liked(ann, threadId, '&type=1')).Data.pageData.list)).toEqual([
      [ben.userId, 1, undefined],
    ]);
  });

  it('pages the merged list: page 2 of 2 holds the two oldest', async () => {
    const p2 = await liked(null, threadId, '&perPage=2&page=2');
    expect(p2.Data.pageData.list.map((i: Item) => [i.userId, i.type])).toEqual([
      [ben.userId, 3],
      [ben.userId, 1],
    ]);
    expect([p2.Data.totalCount, p2.Data.totalPage, p2.Data.currentPage]).toEqual([4, 2, 2]);
  });

  it('shows names to guests but amounts only to the payee, the payer (their own) and administrators', async () => {
    const guest = await liked(null, threadId);
    expect(guest.Code).toBe(0);
    expect(guest.Data.pageData.list.every((i: Item) => !('amount' in i))).toBe(true);
    expect(guest.Data.pageData.list[0]).toMatchObject({ userId: cat.userId, nickname: expect.any(String) });
    expect(guest.Data.pageData.list[0].nickname).not.toBe('');
    const asBen = await liked(ben, threadId, '&type=2');
    expect(brief(asBen.Data.pageData.list)).toEqual([
      [cat.userId, 3, undefined],
      [dan.userId, 2, undefined],
      [ben.userId, 3, 1.5],
    ]);
    const asAdmin = await liked(admin, threadId, '&type=2');
    expect(asAdmin.Data.pageData.list.map((i: Item) => i.amount)).toEqual([2, 3, 1.5]);
  });

  it('the thread carries the counts: rewardedCount, paidCount and the original likePayCount', async () => {
    const d = (await get(null, `thread.detail?threadId=${threadId}`)).Data;
    expect([d.rewardedCount, d.paidCount, d.likeCount, d.likeReward.likePayCount]).toEqual([2, 1, 1, 4]);
  });

  it('a tip drops the shared caches: a guest sees the new count and tipper at once', async () => {
    const id = await newThread(ann);
    // Read twice as a guest: the second answer comes from the guest cache.
    for (let i = 0; i < 2; i++) {
      expect((await get(null, `thread.detail?threadId=${id}`)).Data.rewardedCount).toBe(0);
      expect((await liked(null, id, '&type=3')).Data.pageData.list).toEqual([]);
    }
    await pay(cat, { type: OrderType.REWARD, threadId: id, amount: 0.2 });
    expect((await get(null, `thread.detail?threadId=${id}`)).Data.rewardedCount).toBe(1);
    expect(brief((await liked(null, id, '&type=3')).Data.pageData.list)).toEqual([
      [cat.userId, 3, undefined],
    ]);
  });

  it('a thread nobody liked, tipped or paid for lists nobody', async () => {
    const id = await newThread(ann);
    const r = await liked(null, id);
    expect(r.Code).toBe(0);
    expect(r.Data.pageData).toEqual({
      allCount: 0,
      likeCount: 0,
      rewardCount: 0,
      paidCount: 0,
      raidCount: 0,
      list: [],
    });
    expect([r.Data.totalCount, r.Data.totalPage]).toEqual([0, 0]);
    expect((await liked(null, id, '&type=3')).Data.pageData.list).toEqual([]);
  });

  it('an anonymous tip shows the anonymous user to all but the payer and administrators', async () => {
    const id = await newThread(ann);
    await pay(ben, { type: OrderType.REWARD, threadId: id, amount: 0.5, isAnonymous: true });
    for (const viewer of [null, ann, cat]) {
      const [item] = (await liked(viewer, id, '&type=3')).Data.pageData.list;
      expect(item).toMatchObject({ userId: 0, nickname: '匿名用户', avatar: '', type: 3 });
    }
    // The author still learns the amount (it is in their wallet), never the name.
    expect((await liked(ann, id, '&type=3')).Data.pageData.list[0].amount).toBe(0.5);
    for (const viewer of [ben, admin]) {
      const [item] = (await liked(viewer, id, '&type=3')).Data.pageData.list;
      expect([item.userId, item.amount]).toEqual([ben.userId, 0.5]);
    }
  });

  it('a reply lists its likes alone (tips and purchases are the thread’s)', async () => {
    const reply = await post(cat, 'posts.create', { id: threadId, content: 'nice' });
    expect(reply.Code, reply.Message).toBe(0);
    const r = await liked(null, threadId, `&postId=${reply.Data.id}`);
    expect(r.Code, r.Message).toBe(0);
    expect(r.Data.pageData).toMatchObject({ allCount: 0, rewardCount: 0, paidCount: 0, list: [] });
  });

  it('answers as the thread does: -4004 deleted or pending, -4002 without the right to read it', async () => {
    const gone = await newThread(ann);
    await pay(ben, { type: OrderType.REWARD, threadId: gone, amount: 1 });
    expect((await post(ann, 'thread.delete', { threadId: gone })).Code).toBe(0);
    for (const viewer of [null, ben]) expect((await liked(viewer, gone, '&type=3')).Code).toBe(-4004);
    const db = t.app.forum.database;
    const pending = await newThread(ann);
    await db.exec(`UPDATE threads SET is_approved = 0 WHERE id = $1`, [pending]);
    expect((await liked(ben, pending)).Code).toBe(-4004);
    // Guests (group 7) may no longer read threads: the list is closed to them as the thread is.
    await db.exec(
      `DELETE FROM group_permissions WHERE group_id = 7 AND permission IN ('viewThreads', 'thread.viewPosts')`,
    );
    await t.app.forum.groups.changed();
    try {
      expect((await liked(null, threadId, '&type=3')).Code).toBe(-4002);
      expect((await liked(dan, threadId, '&type=3')).Code).toBe(0);
    } finally {
      await db.exec(
        `INSERT INTO group_permissions (group_id, permission) VALUES (7, 'viewThreads'), (7, 'thread.viewPosts') ON CONFLICT DO NOTHING`,
      );
      await t.app.forum.groups.changed();
    }
  });

  it('lists through the thread-and-type index, not a scan of the orders', async () => {
    const { db } = t.app.forum.database;
    // One transaction, so the planner setting and the plan are on the same connection.
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return tx.execute(
        sql`EXPLAIN SELECT id FROM orders WHERE thread_id = ${threadId} AND status = 1 AND type IN (2)
            ORDER BY paid_at DESC, id DESC LIMIT 8`,
      );
    });
    expect(JSON.stringify((plan as unknown as { rows: unknown[] }).rows)).toContain('orders_thread_paid_idx');
  });
});
