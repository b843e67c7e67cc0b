import { OrderType, PaymentType } from '@forum/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, walletMember } from '../../test/harness.js';
import type { TestApp } from '../../test/harness.js';

let t: TestApp;
type U = { token: string; userId: number };
let ann: U;
let ben: U;
let cat: U;
let dan: U;

const post = (token: string | undefined, path: string, body: object) =>
  call(t.app, 'POST', `/api/v3/${path}`, { token, body });
const available = async (u: U) =>
  (await call(t.app, 'GET', '/api/v3/wallet/user', { token: u.token })).Data.availableFen as number;
/** A member's newest wallet-log lines as [changeType, fen]. */
const lines = async (u: U, perPage = 1) =>
  (
    await call(t.app, 'GET', '/api/v3/wallet/log', { token: u.token, query: { perPage: String(perPage) } })
  ).Data.pageData.map((l: { changeType: number; amountFen: number }) => [l.changeType, l.amountFen]);
const hoursAhead = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
const bounty = (over: object = {}) => ({ type: 0, price: '10', expiredAt: hoursAhead(48), ...over });
const draft = (u: U, body: object) =>
  post(u.token, 'thread.create', {
    categoryId: 1,
    title: '悬赏问答',
    content: { text: '<p>谁知道？</p>', indexes: { rw: { tomId: 107, body } } },
    draft: true,
  });
const reply = (u: U, threadId: number) => post(u.token, 'posts.create', { id: threadId, content: '我知道' });
const reward = (u: U, threadId: number, postId: number, rewards: string) =>
  post(u.token, 'posts.reward', { threadId, postId, rewards });

async function published(body: object): Promise<number> {
  const d = await draft(ann, body);
  expect(d.Code, d.Message).toBe(0);
  const threadId = d.Data.threadId as number;
  const order = await post(ann.token, 'order.create', { type: OrderType.BOUNTY, threadId });
  expect(order.Code, order.Message).toBe(0);
  const paid = await post(ann.token, 'trade/pay/order', {
    orderSn: order.Data.orderSn,
    paymentType: PaymentType.WALLET,
    payPassword: '123456',
  });
  expect(paid.Code, paid.Message).toBe(0);
  expect((await post(ann.token, 'thread.update', { threadId, draft: false })).Code).toBe(0);
  return threadId;
}

async function expire(threadId: number) {
  await t.app.forum.database.exec(
    `UPDATE thread_rewards SET expired_at = now() - interval '1 second' WHERE thread_id = $1`,
    [threadId],
  );
  return t.app.redPackets.rewards.expireDue();
}

beforeAll(async () => {
  t = await startTestApp();
  await t.app.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
  ann = await walletMember(t.app, await adminUser(t.app), '500');
  ben = await registerUser(t.app);
  cat = await registerUser(t.app);
  dan = await registerUser(t.app);
}, 60_000);
afterAll(async () => t?.close());

describe('bounty block', () => {
  it('limits: price 0.1–1,000,000, expiry more than 24 h ahead, a designated bounty names its member', async () => {
    const cases: Array<[object, string]> = [
      [bounty({ price: '0.09' }), 'body.price'],
      [bounty({ price: '1000000.01' }), 'body.price'],
      [bounty({ expiredAt: hoursAhead(23) }), 'expiredAt'],
      [bounty({ type: 1 }), 'body.answerId'],
    ];
    for (const [body, field] of cases) {
      const r = await draft(ann, body);
      expect([r.Code, r.Message]).toEqual([-4001, expect.stringContaining(field)]);
    }
    expect((await draft(ann, bounty({ price: '0.1' }))).Code).toBe(0);
  });

  it('the author rewards replies from escrow, once per reply, never more than is left; others may not', async () => {
    const threadId = await published(bounty({ price: '10' }));
    const r = await reply(ben, threadId);
    const start = await available(ben);
    expect((await reward(ben, threadId, r.Data.id, '1')).Code).toBe(-4002);
    const over = await reward(ann, threadId, r.Data.id, '10.01');
    expect([over.Code, over.Message]).toEqual([-4001, expect.stringContaining('rewards')]);
    const ok = await reward(ann, threadId, r.Data.id, '4');
    expect(ok.Data).toMatchObject({ rewards: '4.00', remainMoney: '6.00' });
    // A repeat answers the first reward and moves nothing.
    expect((await reward(ann, threadId, r.Data.id, '4')).Data).toMatchObject({ rewards: '4.00' });
    expect(await available(ben)).toBe(start + 400);
    // Wallet-log lines (reference §1.9): the author's bounty paid into escrow (160), ben's reward (120).
    expect(await lines(ben)).toEqual([[120, 400]]);
    const shown = (
      await call(t.app, 'GET', '/api/v3/thread.detail', {
        token: ann.token,
        query: { threadId: String(threadId) },
      })
    ).Data.content.indexes.rw.body;
    expect(shown).toMatchObject({
      remainMoney: '6.00',
      canReward: true,
      rewardedPosts: { [r.Data.id]: '4.00' },
    });
    expect((await post(undefined, 'posts.reward', { threadId, postId: r.Data.id, rewards: '1' })).Code).toBe(
      -3001,
    );
  });

  it('on expiry the rest is split evenly among the answerers (exact to the fen)', async () => {
    const threadId = await published(bounty({ price: '1' }));
    for (const u of [ben, cat, dan]) await reply(u, threadId);
    const before = await Promise.all([ben, cat, dan].map(available));
    expect(await expire(threadId)).toBeGreaterThanOrEqual(1);
    const after = await Promise.all([ben, cat, dan].map(available));
    expect(after.map((a, i) => a - before[i]!)).toEqual([34, 33, 33]);
    expect(await lines(cat)).toEqual([[122, 33]]);
    const late = await reply(ben, threadId);
    expect((await reward(ann, threadId, late.Data.id, '0.01')).Code).toBe(-4010);
  });

  it('on expiry with no answers the rest goes back to the author; a designated bounty pays only its member', async () => {
    const lonely = await published(bounty({ price: '2' }));
    const annBefore = await available(ann);
    await expire(lonely);
    expect(await available(ann)).toBe(annBefore + 200);
    expect(await lines(ann, 2)).toEqual([
      [121, 200],
      [160, -200],
    ]);
    const named = await published(bounty({ type: 1, answerId: cat.userId, price: '3' }));
    const b = await reply(ben, named);
    const bad = await reward(ann, named, b.Data.id, '1');
    expect([bad.Code, bad.Message]).toEqual([-4001, expect.stringContaining('designated')]);
    await reply(cat, named);
    const catBefore = await available(cat);
    await expire(named);
    expect(await available(cat)).toBe(catBefore + 300);
  });
});
