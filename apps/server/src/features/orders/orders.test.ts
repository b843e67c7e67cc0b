import { sql as raw } from 'drizzle-orm';
import { OrderType, PaymentType, yuanAmount } from '@forum/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalid } from '../../platform/http/errors.js';
import { adminUser, call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';
import { yuanToFen } from '../wallet/index.js';

let t: TestApp;
type U = { token: string; userId: number };
let admin: U;
let ann: U;
let ben: U;
let cat: U;

const post = (token: string | undefined, path: string, body: object) =>
  call(t.app, 'POST', `/api/v3/${path}`, { token, body });
const get = (token: string | undefined, path: string) => call(t.app, 'GET', `/api/v3/${path}`, { token });
const sql = async (text: string, params: unknown[] = []) =>
  (await t.app.forum.database.exec(text, params)).rows;
const balance = async (userId: number) =>
  (await get((await tokenOf(userId))!, 'wallet/user')).Data.availableAmount as string;
const tokenOf = async (userId: number) => [admin, ann, ben, cat].find((u) => u.userId === userId)?.token;
const setPayPassword = (u: U, pw = '123456') =>
  post(u.token, 'users/pay-password.update', { payPassword: pw, payPasswordConfirmation: pw });
const credit = (u: U, amount: string, key: string) =>
  call(t.app, 'POST', '/api/backAdmin/update.user.wallet', {
    token: admin.token,
    body: { userId: u.userId, operate: 1, amount, idempotencyKey: key },
  });
/** An order to `payeeId`: 80 % to them, 20 % to the site (a test-only kind on a type no feature registers). */
const createPaid = (u: U, amount: string, extra: object = {}) =>
  post(u.token, 'order.create', { type: OrderType.ONLOOKER, amount, payeeId: ben.userId, ...extra });
const walletPay = (u: U, orderSn: string, payPassword = '123456', extra: object = {}) =>
  post(u.token, 'trade/pay/order', { orderSn, paymentType: PaymentType.WALLET, payPassword, ...extra });

beforeAll(async () => {
  t = await startTestApp();
  admin = await adminUser(t.app);
  [ann, ben, cat] = await Promise.all([registerUser(t.app), registerUser(t.app), registerUser(t.app)]);
  t.app.orders.registerKind({
    type: OrderType.ONLOOKER,
    async prepare(_ctx, input) {
      if (input.amount === undefined) throw invalid('amount is required', { field: 'amount' });
      return { amountFen: yuanToFen(yuanAmount.parse(input.amount)), payeeId: input.payeeId ?? null };
    },
    async credits(_ctx, order) {
      const author = (order.amountFen * 8n) / 10n;
      return [
        { account: { kind: 'member_available', userId: order.payeeId! }, amount: author },
        { account: { kind: 'site_revenue' }, amount: order.amountFen - author },
      ];
    },
  });
  await credit(ann, '100', 'seed-ann-0001');
});
afterAll(async () => t?.close());

describe('order.create and order.detail', () => {
  it('creates a pending 15-minute order with a 22-digit number; only its payer (or an admin) reads it', async () => {
    const r = await createPaid(ann, '10.50');
    expect(r.Code).toBe(0);
    expect(r.Data).toMatchObject({
      type: 6,
      status: 0,
      amount: '10.50',
      amountFen: 1050,
      payeeId: ben.userId,
    });
    expect(r.Data.orderSn).toMatch(/^\d{22}$/);
    const minutes = (Date.parse(r.Data.expiredAt) - Date.parse(r.Data.createdAt)) / 60_000;
    expect(Math.round(minutes)).toBe(15);
    const sn = r.Data.orderSn as string;
    expect((await get(ann.token, `order.detail?orderSn=${sn}`)).Data.orderSn).toBe(sn);
    expect((await get(admin.token, `order.detail?orderSn=${sn}`)).Code).toBe(0);
    expect((await get(ben.token, `order.detail?orderSn=${sn}`)).Code).toBe(-4004);
    expect((await get(undefined, `order.detail?orderSn=${sn}`)).Code).toBe(-3001);
  });

  it('answers -4001 naming the field: unknown type, missing or bad amount, bad orderSn', async () => {
    const unknown = await post(ann.token, 'order.create', { type: 77, amount: '1' });
    expect([unknown.Code, unknown.Message]).toEqual([-4001, expect.stringContaining('type')]);
    const noAmount = await post(ann.token, 'order.create', { type: OrderType.ONLOOKER });
    expect([noAmount.Code, noAmount.Message]).toEqual([-4001, expect.stringContaining('amount')]);
    const bad = await createPaid(ann, '1.234');
    expect([bad.Code, bad.Message]).toEqual([-4001, expect.stringContaining('amount')]);
    const zero = await createPaid(ann, '0');
    expect([zero.Code, zero.Message]).toEqual([-4001, expect.stringContaining('amount')]);
    const sn = await get(ann.token, 'order.detail?orderSn=abc');
    expect([sn.Code, sn.Message]).toEqual([-4001, expect.stringContaining('orderSn')]);
  });

  it('a repeated create key answers the first order', async () => {
    const a = await createPaid(ann, '2', { idempotencyKey: 'create-ann-0001' });
    const b = await createPaid(ann, '2', { idempotencyKey: 'create-ann-0001' });
    expect(b.Data.orderSn).toBe(a.Data.orderSn);
    const racing = await Promise.all(
      [1, 2, 3, 4].map(() => createPaid(ann, '2', { idempotencyKey: 'create-ann-0002' })),
    );
    expect(new Set(racing.map((r) => r.Data.orderSn)).size).toBe(1);
    const [n] = await sql(`SELECT count(*)::int AS n FROM orders WHERE create_key = 'create-ann-0002'`);
    expect(n!.n).toBe(1);
  });

  it('permissions: guests -3001, a member without order.create or trade.pay.order -4002', async () => {
    expect((await createPaid({ token: '', userId: 0 }, '1')).Code).toBe(-3001);
    const order = (await createPaid(ann, '1')).Data.orderSn as string;
    await setPayPassword(ann);
    const db = t.app.forum.database;
    const revoke = async (p: string, on: boolean) => {
      await db.exec(
        on
          ? `INSERT INTO group_permissions (group_id, permission) VALUES (10, '${p}')`
          : `DELETE FROM group_permissions WHERE group_id = 10 AND permission = '${p}'`,
      );
      await t.app.forum.groups.changed();
      await t.app.forum.users.sessionsChanged();
    };
    await revoke('order.create', false);
    await revoke('trade.pay.order', false);
    try {
      expect((await createPaid(ann, '1')).Code).toBe(-4002);
      expect((await walletPay(ann, order)).Code).toBe(-4002);
      // Administrators hold every permission.
      expect((await createPaid(admin, '1')).Code).toBe(0);
    } finally {
      await revoke('order.create', true);
      await revoke('trade.pay.order', true);
    }
  });
});

describe('wallet payments', () => {
  it('the right pay password pays: one balanced posting, payee and site credited, the order paid', async () => {
    await setPayPassword(ann);
    const sn = (await createPaid(ann, '10')).Data.orderSn as string;
    const before = await balance(ann.userId);
    const r = await walletPay(ann, sn);
    expect(r.Code).toBe(0);
    expect(r.Data).toMatchObject({
      orderSn: sn,
      paymentType: 20,
      status: 1,
      walletPayResult: { result: 'success' },
    });
    expect(Number(await balance(ann.userId))).toBeCloseTo(Number(before) - 10, 5);
    expect(await balance(ben.userId)).toBe('8.00');
    const detail = (await get(ann.token, `order.detail?orderSn=${sn}`)).Data;
    expect(detail).toMatchObject({ status: 1, paymentType: 20 });
    expect(detail.paidAt).not.toBeNull();
    const [tx] = await sql(
      `SELECT t.reason, count(e.id)::int AS n, sum(e.amount)::text AS s FROM orders o
       JOIN ledger_transactions t ON t.id = o.ledger_transaction_id JOIN ledger_entries e ON e.transaction_id = t.id
       WHERE o.order_sn = $1 GROUP BY t.reason`,
      [sn],
    );
    expect(tx).toEqual({ reason: 1003, n: 3, s: '0' });
  });

  it('a paid order cannot be paid again (-4003); the same idempotency key answers the first result', async () => {
    const sn = (await createPaid(ann, '1')).Data.orderSn as string;
    const first = await walletPay(ann, sn, '123456', { idempotencyKey: 'pay-ann-00001' });
    expect(first.Code).toBe(0);
    const balanceAfter = await balance(ann.userId);
    const again = await walletPay(ann, sn, '123456', { idempotencyKey: 'pay-ann-00001' });
    // The replay answers the stored result; the pay session's token is never stored.
    const { payToken, payTokenExpiresAt, ...stored } = first.Data;
    expect([typeof payToken, typeof payTokenExpiresAt]).toEqual(['string', 'string']);
    expect(again).toMatchObject({ Code: 0, Data: stored });
    expect(again.Data.payToken).toBeUndefined();
    expect((await walletPay(ann, sn)).Code).toBe(-4003);
    expect(await balance(ann.userId)).toBe(balanceAfter);
  });

  it('a pay session: the token of a payment by pay password pays the next orders; forged, foreign, expired or outdated tokens do not', async () => {
    const first = await walletPay(ann, (await createPaid(ann, '1')).Data.orderSn);
    const token = first.Data.payToken as string;
    expect(Date.parse(first.Data.payTokenExpiresAt) - Date.now()).toBeGreaterThan(4 * 60_000);
    const byToken = (u: U, payToken: string) => async () =>
      post(u.token, 'trade/pay/order', {
        orderSn: (await createPaid(u, '1')).Data.orderSn,
        paymentType: PaymentType.WALLET,
        payToken,
      });
    const ok = await byToken(ann, token)();
    expect(ok).toMatchObject({ Code: 0, Data: { status: 1 } });
    expect(ok.Data.payToken).toBeUndefined();
    const refused = async (r: Promise<{ Code: number; Message: string }>) =>
      expect([(await r).Code, (await r).Message]).toEqual([-4001, expect.stringContaining('payToken')]);
    const [owner, end, mac] = token.split('.');
    await setPayPassword(cat);
    await credit(cat, '5', 'seed-cat-0001');
    await refused(byToken(cat, token)()); // another member's session
    await refused(byToken(ann, `${owner}.${Number(end) + 60_000}.${mac}`)()); // lengthened
    await refused(byToken(ann, `${owner}.${Date.now() - 1}.${mac}`)()); // ended
    await refused(byToken(ann, 'not-a-token')());
    // Changing the pay password ends every session.
    const { sessionId } = (await post(ann.token, 'users/pay-password/reset', { payPassword: '123456' })).Data;
    await post(ann.token, 'users/pay-password.update', {
      payPassword: '654321',
      payPasswordConfirmation: '654321',
      payPasswordToken: sessionId,
    });
    await refused(byToken(ann, token)());
    await post(ann.token, 'users/pay-password/reset', { payPassword: '654321' }).then((r) =>
      post(ann.token, 'users/pay-password.update', {
        payPassword: '123456',
        payPasswordConfirmation: '123456',
        payPasswordToken: r.Data.sessionId,
      }),
    );
  });

  it('concurrent payments of one order move the money once', async () => {
    const sn = (await createPaid(ann, '3')).Data.orderSn as string;
    const before = await balance(ann.userId);
    const codes = (await Promise.all([1, 2, 3, 4].map(() => walletPay(ann, sn)))).map((r) => r.Code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === -4003)).toHaveLength(3);
    expect(Number(before) - Number(await balance(ann.userId))).toBeCloseTo(3, 5);
  });

  it('a wrong pay password: -4001 naming payPassword with the tries left, then the daily limit; nothing moves', async () => {
    await setPayPassword(cat, '654321');
    await credit(cat, '5', 'seed-cat-0001');
    const sn = (await createPaid(cat, '1')).Data.orderSn as string;
    const wrong = await walletPay(cat, sn, '000000');
    expect(wrong.Code).toBe(-4001);
    expect(wrong.Message).toContain('payPassword');
    expect(wrong.Data).toMatchObject({ field: 'payPassword', failuresLeft: 4 });
    for (let i = 0; i < 3; i++) await walletPay(cat, sn, '000000');
    const last = await walletPay(cat, sn, '000000');
    expect([last.Code, last.Data.failuresLeft]).toEqual([-5001, 0]);
    // Even the right one is refused for the rest of the day.
    expect((await walletPay(cat, sn, '654321')).Code).toBe(-5001);
    expect(await balance(cat.userId)).toBe('5.00');
    expect((await get(cat.token, `order.detail?orderSn=${sn}`)).Data.status).toBe(0);
  });

  it('without a pay password, or without the balance, nothing is paid', async () => {
    const sn = (await createPaid(ben, '1')).Data.orderSn as string;
    const none = await walletPay(ben, sn);
    expect([none.Code, none.Data?.notSet]).toEqual([-4001, true]);
    await setPayPassword(ben);
    const big = (await createPaid(ann, '100000')).Data.orderSn as string;
    const short = await walletPay(ann, big);
    expect([short.Code, short.Message]).toEqual([-4001, expect.stringContaining('amount')]);
    expect((await get(ann.token, `order.detail?orderSn=${big}`)).Data.status).toBe(0);
  });

  it('an expired order: -4010 to pay; the job marks it expired', async () => {
    const sn = (await createPaid(ann, '1')).Data.orderSn as string;
    await sql(`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE order_sn = $1`, [sn]);
    expect((await walletPay(ann, sn)).Code).toBe(-4010);
    expect(await t.app.orders.expireDue()).toBeGreaterThanOrEqual(1);
    expect((await get(ann.token, `order.detail?orderSn=${sn}`)).Data.status).toBe(4);
    expect((await walletPay(ann, sn)).Code).toBe(-4010);
  });

  it('someone else’s order is not found; a missing provider is -4001 naming paymentType', async () => {
    const sn = (await createPaid(ann, '1')).Data.orderSn as string;
    expect((await walletPay(ben, sn)).Code).toBe(-4004);
    const r = await post(ann.token, 'trade/pay/order', { orderSn: sn, paymentType: 13 });
    expect([r.Code, r.Message]).toEqual([-4001, expect.stringContaining('paymentType')]);
    const noPw = await post(ann.token, 'trade/pay/order', { orderSn: sn, paymentType: 20 });
    expect([noPw.Code, noPw.Message]).toEqual([-4001, expect.stringContaining('payPassword')]);
  });
});

describe('order.create with walletPay (created and paid in one call)', () => {
  const orderCount = async (u: U) =>
    Number((await sql(`SELECT count(*)::int AS n FROM orders WHERE user_id = $1`, [u.userId]))[0]!.n);

  it('pays by pay password (answering a pay session) or by session token, one balanced posting each', async () => {
    await setPayPassword(ann);
    const before = Number(await balance(ann.userId));
    const benBefore = Number(await balance(ben.userId));
    const r = await createPaid(ann, '2', { walletPay: { payPassword: '123456' } });
    expect(r.Code).toBe(0);
    expect(r.Data).toMatchObject({ status: 1, paymentType: 20, amount: '2.00' });
    expect(r.Data.paidAt).not.toBeNull();
    expect(typeof r.Data.payToken).toBe('string');
    const byToken = await createPaid(ann, '1', { walletPay: { payToken: r.Data.payToken } });
    expect(byToken).toMatchObject({ Code: 0, Data: { status: 1 } });
    expect(byToken.Data.payToken).toBeUndefined();
    expect(Number(await balance(ann.userId))).toBeCloseTo(before - 3, 5);
    expect(Number(await balance(ben.userId))).toBeCloseTo(benBefore + 2.4, 5);
    const postings = await sql(
      `SELECT o.order_sn, sum(e.amount)::text AS s, count(e.id)::int AS n FROM orders o
       JOIN ledger_entries e ON e.transaction_id = o.ledger_transaction_id
       WHERE o.order_sn = ANY($1) GROUP BY o.order_sn`,
      [[r.Data.orderSn, byToken.Data.orderSn]],
    );
    expect(postings.map((p) => [p.s, p.n])).toEqual([
      ['0', 3],
      ['0', 3],
    ]);
  });

  it('a repeated key answers the first paid order and moves no money again; a pending one is paid', async () => {
    const first = await createPaid(ann, '1', {
      idempotencyKey: 'one-call-0001',
      walletPay: { payPassword: '123456' },
    });
    const after = await balance(ann.userId);
    const again = await createPaid(ann, '1', {
      idempotencyKey: 'one-call-0001',
      walletPay: { payPassword: '123456' },
    });
    expect(again).toMatchObject({ Code: 0, Data: { orderSn: first.Data.orderSn, status: 1 } });
    expect(await balance(ann.userId)).toBe(after);
    // Created earlier without walletPay: the same key with walletPay pays that order.
    const pending = await createPaid(ann, '1', { idempotencyKey: 'one-call-0002' });
    const paid = await createPaid(ann, '1', {
      idempotencyKey: 'one-call-0002',
      walletPay: { payPassword: '123456' },
    });
    expect(paid).toMatchObject({ Code: 0, Data: { orderSn: pending.Data.orderSn, status: 1 } });
  });

  it('concurrent repeats of one key pay once', async () => {
    const before = Number(await balance(ann.userId));
    const replies = await Promise.all(
      [1, 2, 3, 4].map(() =>
        createPaid(ann, '1', { idempotencyKey: 'one-call-0003', walletPay: { payPassword: '123456' } }),
      ),
    );
    expect(replies.map((r) => r.Code)).toEqual([0, 0, 0, 0]);
    expect(new Set(replies.map((r) => r.Data.orderSn)).size).toBe(1);
    expect(Number(await balance(ann.userId))).toBeCloseTo(before - 1, 5);
  });

  it('refused payments leave no order: short balance, wrong pay password, no proof, no trade.pay.order', async () => {
    const n = await orderCount(ann);
    const short = await createPaid(ann, '100000', { walletPay: { payPassword: '123456' } });
    expect([short.Code, short.Message]).toEqual([-4001, expect.stringContaining('amount')]);
    const wrong = await createPaid(ann, '1', { walletPay: { payPassword: '000000' } });
    expect([wrong.Code, wrong.Data.field]).toEqual([-4001, 'payPassword']);
    const none = await createPaid(ann, '1', { walletPay: {} });
    expect([none.Code, none.Message]).toEqual([-4001, expect.stringContaining('payPassword')]);
    await t.app.forum.database.exec(
      `DELETE FROM group_permissions WHERE group_id = 10 AND permission = 'trade.pay.order'`,
    );
    await t.app.forum.groups.changed();
    await t.app.forum.users.sessionsChanged();
    try {
      expect((await createPaid(ann, '1', { walletPay: { payPassword: '123456' } })).Code).toBe(-4002);
    } finally {
      await t.app.forum.database.exec(
        `INSERT INTO group_permissions (group_id, permission) VALUES (10, 'trade.pay.order')`,
      );
      await t.app.forum.groups.changed();
      await t.app.forum.users.sessionsChanged();
    }
    expect(await orderCount(ann)).toBe(n);
    // Clears the wrong try from the daily count for the tests after this one.
    expect((await createPaid(ann, '1', { walletPay: { payPassword: '123456' } })).Code).toBe(0);
  });
});

describe('recharge (type 30)', () => {
  it('only with site_charge on; never from the wallet; a provider payment credits the payer', async () => {
    const off = await post(ann.token, 'order.create', { type: 30, amount: '5' });
    expect(off.Code).toBe(-4002);
    await t.app.forum.settings.set([{ key: 'site_charge', value: '1', tag: 'default' }]);
    const r = await post(cat.token, 'order.create', { type: 30, amount: '5' });
    expect(r.Code).toBe(0);
    const sn = r.Data.orderSn as string;
    const byWallet = await walletPay(cat, sn, '654321');
    expect([byWallet.Code, byWallet.Message]).toEqual([-4001, expect.stringContaining('paymentType')]);
    await sql(`UPDATE orders SET provider = 'test' WHERE order_sn = $1`, [sn]);
    await t.app.orders.payOrder(sn, { kind: 'provider', provider: 'test', tradeNo: 'T1', amountFen: 500n });
    expect(await balance(cat.userId)).toBe('10.00');
    const [sum] = await sql('SELECT sum(amount)::text AS s FROM ledger_entries');
    expect(sum!.s).toBe('0');
  });
});

describe('pay password', () => {
  it('set once; changing it needs the token from users/pay-password/reset', async () => {
    const dan = await registerUser(t.app);
    expect((await get(dan.token, 'users/pay-password')).Data).toEqual({
      hasPayPassword: false,
      failuresLeft: 5,
    });
    const mismatch = await post(dan.token, 'users/pay-password.update', {
      payPassword: '111111',
      payPasswordConfirmation: '111112',
    });
    expect([mismatch.Code, mismatch.Message]).toEqual([
      -4001,
      expect.stringContaining('payPasswordConfirmation'),
    ]);
    const short = await post(dan.token, 'users/pay-password.update', {
      payPassword: '1111',
      payPasswordConfirmation: '1111',
    });
    expect([short.Code, short.Message]).toEqual([-4001, expect.stringContaining('payPassword')]);
    expect((await setPayPassword(dan, '111111')).Code).toBe(0);
    const noToken = await setPayPassword(dan, '222222');
    expect([noToken.Code, noToken.Message]).toEqual([-4001, expect.stringContaining('payPasswordToken')]);
    expect((await post(dan.token, 'users/pay-password/reset', { payPassword: '999999' })).Code).toBe(-4001);
    const reset = await post(dan.token, 'users/pay-password/reset', { payPassword: '111111' });
    expect(reset.Code).toBe(0);
    const changed = await post(dan.token, 'users/pay-password.update', {
      payPassword: '222222',
      payPasswordConfirmation: '222222',
      payPasswordToken: reset.Data.sessionId,
    });
    expect(changed.Code).toBe(0);
    // The token is used up.
    expect(
      (
        await post(dan.token, 'users/pay-password.update', {
          payPassword: '333333',
          payPasswordConfirmation: '333333',
          payPasswordToken: reset.Data.sessionId,
        })
      ).Code,
    ).toBe(-4001);
    expect((await get(undefined, 'users/pay-password')).Code).toBe(-3001);
    const [row] = await sql('SELECT pay_password_hash AS h FROM users WHERE id = $1', [dan.userId]);
    expect(String(row!.h)).toMatch(/^\$argon2id\$/);
  });
});

describe('wallet/log filters', () => {
  it('by change type and by day; a bad date is -4001 naming it', async () => {
    const log = (q: string) => get(ann.token, `wallet/log?${q}`);
    const all = (await log('')).Data.totalCount as number;
    const manual = await log('changeType=32');
    expect(manual.Data.pageData.every((e: { changeType: number }) => e.changeType === 32)).toBe(true);
    expect(manual.Data.totalCount).toBe(1);
    const two = await log('changeType[]=32&changeType[]=1003');
    expect(two.Data.totalCount).toBeGreaterThan(1);
    expect(two.Data.totalCount).toBeLessThanOrEqual(all);
    const today = new Date().toISOString().slice(0, 10);
    expect((await log(`startTime=${today}&endTime=${today}`)).Data.totalCount).toBe(all);
    expect((await log('endTime=2000-01-01')).Data.totalCount).toBe(0);
    const bad = await log('startTime=yesterday');
    expect([bad.Code, bad.Message]).toEqual([-4001, expect.stringContaining('startTime')]);
  });
});

describe('a payment cut off', () => {
  it('the database connection killed in the middle of a payment: none of it happened, and it can be paid again', async () => {
    // A kind whose fulfil kills its own connection once: after the ledger posting, before the order is paid.
    let kill = true;
    t.app.orders.registerKind({
      type: OrderType.QUESTION,
      async prepare(_ctx, input) {
        return { amountFen: yuanToFen(yuanAmount.parse(input.amount)), payeeId: input.payeeId ?? null };
      },
      async credits(_ctx, order) {
        return [{ account: { kind: 'member_available', userId: order.payeeId! }, amount: order.amountFen }];
      },
      async fulfil({ tx }) {
        if (!kill) return;
        kill = false;
        await tx.execute(raw`SELECT pg_terminate_backend(pg_backend_pid())`);
      },
    });
    // Members of their own, so the other tests' balances stay as they expect.
    const [cat, ben] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    const balance = async (userId: number) =>
      (await get(userId === cat.userId ? cat.token : ben.token, 'wallet/user')).Data
        .availableAmount as string;
    await setPayPassword(cat);
    await credit(cat, '20', 'seed-cat-kill');
    const sn = (
      await post(cat.token, 'order.create', { type: OrderType.QUESTION, amount: '7.25', payeeId: ben.userId })
    ).Data.orderSn as string;
    const [catBefore, benBefore] = [await balance(cat.userId), await balance(ben.userId)];
    const entries = async () => (await sql(`SELECT count(*)::int AS n FROM ledger_entries`))[0]!.n as number;
    const n0 = await entries();
    const cut = await walletPay(cat, sn);
    expect(cut.Code).not.toBe(0);
    expect(cut.status).toBeLessThan(600);
    expect([await balance(cat.userId), await balance(ben.userId), await entries()]).toEqual([
      catBefore,
      benBefore,
      n0,
    ]);
    expect((await get(cat.token, `order.detail?orderSn=${sn}`)).Data.status).toBe(0);
    // The pool dropped the dead connection: the same order pays in full now.
    const again = await walletPay(cat, sn);
    expect(again.Code).toBe(0);
    expect(Number(await balance(ben.userId)) - Number(benBefore)).toBeCloseTo(7.25, 5);
    expect((await sql(`SELECT sum(amount)::text AS s FROM ledger_entries`))[0]!.s).toBe('0');
  });
});
