import { OrderType, PaymentType } from '@forum/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, shortcuts, startTestApp, walletMember } from '../../test/harness.js';
import type { TestApp } from '../../test/harness.js';

let t: TestApp;
type U = { token: string; userId: number };
let admin: U;
let ann: U;
let ben: U;

const { post, get, sql } = shortcuts(() => t.app);
const available = async (u: U) => (await get(u.token, 'wallet/user', {})).Data.availableFen as number;
/** A member's newest wallet-log lines as [changeType, fen]. */
const lines = async (u: U, perPage: number) =>
  (await get(u.token, 'wallet/log', { perPage: String(perPage) })).Data.pageData.map(
    (l: { changeType: number; amountFen: number }) => [l.changeType, l.amountFen],
  );
/** Fen held by an escrow account (the sum of its entries). */
const escrow = async (kind: string) =>
  Number(
    (
      await sql(
        `SELECT coalesce(sum(e.amount), 0)::text AS s FROM ledger_entries e
         JOIN ledger_accounts a ON a.id = e.account_id WHERE a.kind = $1`,
        [kind],
      )
    )[0]!.s,
  );
const escrows = async () => [await escrow('escrow_red_packet'), await escrow('escrow_reward')];
const ledgerRows = async () => (await sql('SELECT count(*)::int AS n FROM ledger_entries'))[0]!.n as number;

const packet = { rule: 0, condition: 0, number: 2, price: '3' };
const bounty = () => ({ type: 0, price: '5', expiredAt: new Date(Date.now() + 48 * 3600_000).toISOString() });
/** A draft with the blocks asked for (both by default); answers its id. */
async function draft(u: U, blocks: { rp?: object; rw?: object } = { rp: packet, rw: bounty() }) {
  const indexes = {
    ...(blocks.rp && { rp: { tomId: 106, body: blocks.rp } }),
    ...(blocks.rw && { rw: { tomId: 107, body: blocks.rw } }),
  };
  const d = await post(u.token, 'thread.create', {
    categoryId: 1,
    title: '红包加悬赏',
    content: { text: '<p>回复领红包，答对有赏</p>', indexes },
    draft: true,
  });
  expect(d.Code, d.Message).toBe(0);
  return d.Data.threadId as number;
}
const merged = (u: U | undefined, threadId: number, over: object = {}) =>
  post(u?.token, 'order.create', {
    type: OrderType.MERGE,
    threadId,
    redAmount: '3',
    rewardAmount: '5',
    ...over,
  });
const payByWallet = (u: U, orderSn: string, over: object = {}) =>
  post(u.token, 'trade/pay/order', {
    orderSn,
    paymentType: PaymentType.WALLET,
    payPassword: '123456',
    ...over,
  });
/** The statuses of the thread's red packet and bounty (0 unpaid, 1 open). */
const blockStatuses = async (threadId: number) =>
  (
    await sql(
      `SELECT (SELECT status FROM red_packets WHERE thread_id = $1) AS rp,
            (SELECT status FROM thread_rewards WHERE thread_id = $1) AS rw`,
      [threadId],
    )
  )[0];

beforeAll(async () => {
  t = await startTestApp();
  await t.app.forum.settings.set([
    { key: 'thread_post_interval', tag: 'default', value: '0' },
    { key: 'pay_sandbox_open', tag: 'default', value: '1' },
  ]);
  admin = await adminUser(t.app);
  ann = await walletMember(t.app, admin, '100');
  ben = await registerUser(t.app);
}, 120_000);
afterAll(async () => t?.close());

describe('merged order (type 11): a thread’s red packet and bounty paid at once', () => {
  it('by wallet: one balanced posting fills both escrows, opens both blocks and logs both expenses', async () => {
    const threadId = await draft(ann);
    const order = await merged(ann, threadId);
    expect(order.Code, order.Message).toBe(0);
    expect(order.Data).toMatchObject({
      type: 11,
      amount: '8.00',
      threadId,
      children: [
        { type: 9, amount: '3.00', amountFen: 300 },
        { type: 10, amount: '5.00', amountFen: 500 },
      ],
    });
    const parts = await sql(
      `SELECT order_sn, type, amount_fen::int AS fen, block_id FROM order_children WHERE order_id = $1 ORDER BY type`,
      [order.Data.id],
    );
    const ids = (
      await sql(
        `SELECT (SELECT id FROM red_packets WHERE thread_id = $1) AS rp, (SELECT id FROM thread_rewards WHERE thread_id = $1) AS rw`,
        [threadId],
      )
    )[0]!;
    expect(parts).toEqual([
      { order_sn: order.Data.orderSn, type: 9, fen: 300, block_id: ids.rp },
      { order_sn: order.Data.orderSn, type: 10, fen: 500, block_id: ids.rw },
    ]);
    const [before, escrowBefore] = [await available(ann), await escrows()];
    const paid = await payByWallet(ann, order.Data.orderSn);
    expect(paid.Code, paid.Message).toBe(0);
    expect(await available(ann)).toBe(before - 800);
    expect(await escrows()).toEqual([escrowBefore[0]! + 300, escrowBefore[1]! + 500]);
    expect(await blockStatuses(threadId)).toEqual({ rp: 1, rw: 1 });
    // ONE ledger transaction, balanced: the payer's two lines and the two escrows' credits.
    const entries = await sql(
      `SELECT a.kind, e.amount::int AS fen, e.reason FROM ledger_entries e
       JOIN ledger_accounts a ON a.id = e.account_id
       JOIN orders o ON o.ledger_transaction_id = e.transaction_id
       WHERE o.order_sn = $1 ORDER BY e.id`,
      [order.Data.orderSn],
    );
    expect(entries).toEqual([
      { kind: 'member_available', fen: -300, reason: 150 },
      { kind: 'member_available', fen: -500, reason: 160 },
      { kind: 'escrow_red_packet', fen: 300, reason: 150 },
      { kind: 'escrow_reward', fen: 500, reason: 160 },
    ]);
    expect((await sql('SELECT sum(amount)::int AS s FROM ledger_entries'))[0]!.s).toBe(0);
    // The wallet log reads as a red-packet expense (150) and a bounty expense (160).
    expect(await lines(ann, 2)).toEqual(
      expect.arrayContaining([
        [150, -300],
        [160, -500],
      ]),
    );
    const detail = await get(ann.token, 'order.detail', { orderSn: order.Data.orderSn });
    expect(detail.Data).toMatchObject({ status: 1, paymentType: 20, children: [{ type: 9 }, { type: 10 }] });
    // Both blocks paid: the thread publishes and shows them open.
    const pub = await post(ann.token, 'thread.update', { threadId, draft: false });
    expect(pub.Code, pub.Message).toBe(0);
    const indexes = (await get(ben.token, 'thread.detail', { threadId: String(threadId) })).Data.content
      .indexes;
    expect(indexes.rp.body).toMatchObject({ status: 1, price: '3.00' });
    expect(indexes.rw.body).toMatchObject({ status: 1, price: '5.00', remainMoney: '5.00' });
    // The administrator's order list shows the parts too.
    const logs = await call(t.app, 'GET', '/api/backAdmin/users.order.logs', {
      token: admin.token,
      query: { orderSn: order.Data.orderSn },
    });
    expect(logs.Data.pageData[0].children).toEqual([
      { type: 9, amount: '3.00', amountFen: 300 },
      { type: 10, amount: '5.00', amountFen: 500 },
    ]);
    // Paying again is -4003 and moves nothing; so is a new order for blocks already paid.
    expect((await payByWallet(ann, order.Data.orderSn)).Code).toBe(-4003);
    expect((await merged(ann, threadId)).Code).toBe(-4003);
    expect(await available(ann)).toBe(before - 800);
  });

  it('through the sandbox provider: its signed callback settles the same posting', async () => {
    const threadId = await draft(ann);
    const order = await merged(ann, threadId);
    const started = await post(ann.token, 'trade/pay/order', {
      orderSn: order.Data.orderSn,
      paymentType: PaymentType.SANDBOX,
    });
    expect(started.Code, started.Message).toBe(0);
    expect(started.Data.sandboxUrl).toContain(order.Data.orderSn);
    const [before, escrowBefore] = [await available(ann), await escrows()];
    const body = JSON.stringify({
      orderSn: order.Data.orderSn,
      tradeNo: `T${order.Data.orderSn.slice(-8)}`,
      amountFen: '800',
      outcome: 'paid',
    });
    const notified = await t.app.inject({
      method: 'POST',
      url: '/api/trade/notify/sandbox',
      headers: { 'content-type': 'application/json', ...(await t.app.payProviders.sandbox.sign(body)) },
      payload: body,
    });
    expect(notified.statusCode).toBe(200);
    expect(await blockStatuses(threadId)).toEqual({ rp: 1, rw: 1 });
    expect(await escrows()).toEqual([escrowBefore[0]! + 300, escrowBefore[1]! + 500]);
    // The money came from the gateway, not the wallet.
    expect(await available(ann)).toBe(before);
    const entries = await sql(
      `SELECT a.kind, e.amount::int AS fen FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
       JOIN orders o ON o.ledger_transaction_id = e.transaction_id WHERE o.order_sn = $1 ORDER BY e.id`,
      [order.Data.orderSn],
    );
    expect(entries).toEqual([
      { kind: 'gateway_clearing', fen: -300 },
      { kind: 'gateway_clearing', fen: -500 },
      { kind: 'escrow_red_packet', fen: 300 },
      { kind: 'escrow_reward', fen: 500 },
    ]);
    expect((await get(ann.token, 'order.detail', { orderSn: order.Data.orderSn })).Data.status).toBe(1);
  });

  it('in one call: order.create with walletPay creates and pays it, both blocks open', async () => {
    const threadId = await draft(ann);
    const before = await available(ann);
    const paid = await merged(ann, threadId, { walletPay: { payPassword: '123456' } });
    expect(paid.Code, paid.Message).toBe(0);
    expect(paid.Data).toMatchObject({ status: 1, children: [{ type: 9 }, { type: 10 }] });
    expect(await blockStatuses(threadId)).toEqual({ rp: 1, rw: 1 });
    expect(await available(ann)).toBe(before - 800);
  });

  it('is idempotent: a repeated create key answers the first order, a repeated pay key the first payment', async () => {
    const threadId = await draft(ann);
    const key = { idempotencyKey: `merged-${threadId}-create` };
    const first = await merged(ann, threadId, key);
    const again = await merged(ann, threadId, key);
    expect(again.Data).toEqual(first.Data);
    expect(
      (
        await sql('SELECT count(*)::int AS n FROM order_children WHERE order_sn = $1', [first.Data.orderSn])
      )[0]!.n,
    ).toBe(2);
    const before = await available(ann);
    const payKey = { idempotencyKey: `merged-${threadId}-pay` };
    const paid = await payByWallet(ann, first.Data.orderSn, payKey);
    expect(paid.Code, paid.Message).toBe(0);
    const repeat = await payByWallet(ann, first.Data.orderSn, payKey);
    expect(repeat.Code).toBe(0);
    expect(repeat.Data.orderSn).toBe(paid.Data.orderSn);
    expect(await available(ann)).toBe(before - 800);
  });

  it('refuses a wrong part (-4001 naming it), a missing block (-4001 naming its field) and a guest', async () => {
    const threadId = await draft(ann);
    const red = await merged(ann, threadId, { redAmount: '2.99' });
    expect([red.Code, red.Message]).toEqual([-4001, expect.stringContaining('redAmount')]);
    const reward = await merged(ann, threadId, { rewardAmount: '6' });
    expect([reward.Code, reward.Message]).toEqual([-4001, expect.stringContaining('rewardAmount')]);
    const total = await merged(ann, threadId, { amount: '9' });
    expect([total.Code, total.Message]).toEqual([-4001, expect.stringContaining('amount')]);
    // The amounts are optional: the server prices each part from its block.
    const priced = await post(ann.token, 'order.create', { type: OrderType.MERGE, threadId });
    expect([priced.Code, priced.Data?.amount]).toEqual([0, '8.00']);
    const noBounty = await merged(ann, await draft(ann, { rp: packet }));
    expect([noBounty.Code, noBounty.Message]).toEqual([-4001, expect.stringContaining('rewardAmount')]);
    const noPacket = await merged(ann, await draft(ann, { rw: bounty() }));
    expect([noPacket.Code, noPacket.Message]).toEqual([-4001, expect.stringContaining('redAmount')]);
    const noThread = await post(ann.token, 'order.create', { type: OrderType.MERGE });
    expect([noThread.Code, noThread.Message]).toEqual([-4001, expect.stringContaining('threadId')]);
    expect((await merged(undefined, threadId)).Code).toBe(-3001);
  });

  it('is the author’s own: someone else’s thread is not found, with or without the blocks', async () => {
    const threadId = await draft(ann);
    expect((await merged(ben, threadId)).Code).toBe(-4004);
    expect((await merged(ben, await draft(ann, { rp: packet }))).Code).toBe(-4004);
    const order = await merged(ann, threadId);
    const theirs = await post(ben.token, 'trade/pay/order', {
      orderSn: order.Data.orderSn,
      paymentType: PaymentType.WALLET,
      payPassword: '123456',
    });
    expect(theirs.Code).toBe(-4004);
    expect((await get(ben.token, 'order.detail', { orderSn: order.Data.orderSn })).Code).toBe(-4004);
  });

  it('a block already paid by its own order is -4003; the other still pays by its own type', async () => {
    const threadId = await draft(ann);
    const red = await post(ann.token, 'order.create', { type: OrderType.RED_PACKET, threadId });
    expect((await payByWallet(ann, red.Data.orderSn)).Code).toBe(0);
    const both = await merged(ann, threadId);
    expect([both.Code, both.Message]).toEqual([-4003, expect.stringContaining('red packet')]);
    const bountyOnly = await post(ann.token, 'order.create', { type: OrderType.BOUNTY, threadId });
    expect(bountyOnly.Code, bountyOnly.Message).toBe(0);
    expect((await payByWallet(ann, bountyOnly.Data.orderSn)).Code).toBe(0);
    expect(await blockStatuses(threadId)).toEqual({ rp: 1, rw: 1 });
  });

  it('a failed payment leaves nothing: neither block opens and no money moves', async () => {
    const threadId = await draft(ann);
    const order = await merged(ann, threadId);
    // The bounty is re-priced after the order (the draft is still unpaid): the whole payment fails.
    const changed = await post(ann.token, 'thread.update', {
      threadId,
      content: {
        text: '<p>改价</p>',
        indexes: { rp: { tomId: 106, body: packet }, rw: { tomId: 107, body: { ...bounty(), price: '6' } } },
      },
    });
    expect(changed.Code, changed.Message).toBe(0);
    const [before, rows] = [await available(ann), await ledgerRows()];
    const paid = await payByWallet(ann, order.Data.orderSn);
    expect([paid.Code, paid.Message]).toEqual([-10000, expect.stringContaining('bounty changed')]);
    expect(await blockStatuses(threadId)).toEqual({ rp: 0, rw: 0 });
    expect([await available(ann), await ledgerRows()]).toEqual([before, rows]);
    expect((await get(ann.token, 'order.detail', { orderSn: order.Data.orderSn })).Data.status).toBe(0);
    // Too little in the wallet: refused the same way.
    const poor = await walletMember(t.app, admin);
    const own = await draft(poor);
    const theirs = await merged(poor, own);
    expect((await payByWallet(poor, theirs.Data.orderSn)).Code).toBe(-4001);
    expect(await blockStatuses(own)).toEqual({ rp: 0, rw: 0 });
  });

  it('afterwards each escrow refunds its own remainder on expiry', async () => {
    const threadId = await draft(ann);
    const order = await merged(ann, threadId);
    expect((await payByWallet(ann, order.Data.orderSn)).Code).toBe(0);
    expect((await post(ann.token, 'thread.update', { threadId, draft: false })).Code).toBe(0);
    const [before, escrowBefore] = [await available(ann), await escrows()];
    await sql(`UPDATE red_packets SET expires_at = now() - interval '1 second' WHERE thread_id = $1`, [
      threadId,
    ]);
    await sql(`UPDATE thread_rewards SET expired_at = now() - interval '1 second' WHERE thread_id = $1`, [
      threadId,
    ]);
    await t.app.redPackets.redPackets.expireDue();
    await t.app.redPackets.rewards.expireDue();
    expect(await available(ann)).toBe(before + 800);
    expect(await escrows()).toEqual([escrowBefore[0]! - 300, escrowBefore[1]! - 500]);
    expect(await lines(ann, 2)).toEqual(
      expect.arrayContaining([
        [152, 300],
        [121, 500],
      ]),
    );
    expect(await blockStatuses(threadId)).toEqual({ rp: 2, rw: 2 });
  });
});
