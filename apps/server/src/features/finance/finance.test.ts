import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';
import { OrderType, yuanAmount } from '@forum/contracts';
import { yuanToFen } from '../wallet/index.js';

let t: TestApp;
type U = { token: string; userId: number };
let admin: U;
let n = 0;

beforeAll(async () => {
  t = await startTestApp();
  admin = await adminUser(t.app);
  await t.app.forum.settings.set([{ key: 'cash_rate', tag: 'cash', value: '0.03' }]);
  // A test kind: an onlooker order 70 % to its author and 30 % to the site (registrations are the paid
  // site's real kind, all to the site).
  for (const [type, authorTenths] of [[OrderType.ONLOOKER, 7n]] as const) {
    t.app.orders.registerKind({
      type,
      async prepare(_ctx, input) {
        return { amountFen: yuanToFen(yuanAmount.parse(input.amount)), payeeId: input.payeeId ?? null };
      },
      async credits(_ctx, order) {
        const author = (order.amountFen * authorTenths) / 10n;
        const site = { account: { kind: 'site_revenue' as const }, amount: order.amountFen - author };
        if (author === 0n) return [site];
        return [
          { account: { kind: 'member_available' as const, userId: order.payeeId! }, amount: author },
          site,
        ];
      },
    });
  }
});
afterAll(async () => t?.close());

const post = (path: string, body: object, token = admin.token) => call(t.app, 'POST', path, { token, body });
/** A GET as the administrator, or as `token` ('' for a guest). */
const get = (path: string, query: Record<string, string> = {}, token = admin.token) =>
  call(t.app, 'GET', path, { token: token || undefined, query });
const one = async (text: string) => (await t.app.forum.database.exec(text)).rows[0] as Record<string, string>;
const yuan = (fen: string | bigint) => {
  const v = BigInt(fen);
  return `${v < 0n ? '-' : ''}${(v < 0n ? -v : v) / 100n}.${((v < 0n ? -v : v) % 100n).toString().padStart(2, '0')}`;
};

/** A mix of movements: credits, site revenue of several reasons, withdrawals paid, rejected, failed, pending. */
async function movements(): Promise<void> {
  const people = await Promise.all([registerUser(t.app), registerUser(t.app), registerUser(t.app)]);
  for (const [i, p] of people.entries()) {
    await post('/api/backAdmin/update.user.wallet', {
      userId: p.userId,
      operate: 1,
      amount: `${100 + i}.37`,
      idempotencyKey: `fin-credit-${++n}`,
    });
    // A paid registration and an onlooker order (to the next member) through a provider, and an unpaid order.
    const order = async (type: number, amount: string, pay: boolean) => {
      const payeeId = people[(i + 1) % people.length]!.userId;
      // A registration costs the site's price and is sold only in pay mode: switched on for its creation.
      const join = type === OrderType.REGISTER;
      if (join) {
        await t.app.forum.settings.set([
          { key: 'site_mode', tag: 'default', value: 'pay' },
          { key: 'site_price', tag: 'default', value: amount },
        ]);
      }
      const o = await post('/api/v3/order.create', { type, amount, payeeId }, p.token);
      if (join) await t.app.forum.settings.set([{ key: 'site_mode', tag: 'default', value: 'public' }]);
      expect(o.Code).toBe(0);
      const amountFen = yuanToFen(amount);
      const paid = { kind: 'provider' as const, provider: 'test', tradeNo: `T${++n}`, amountFen };
      if (pay) await t.app.orders.payOrder(o.Data.orderSn, paid);
    };
    await order(OrderType.REGISTER, `10.0${i}`, true);
    await order(OrderType.ONLOOKER, '9.90', true);
    await order(OrderType.ONLOOKER, '5.00', false);
    const apply = async (amount: string) =>
      (
        await post(
          '/api/v3/wallet/cash',
          { cashApplyAmount: amount, receiveAccount: 'acct', idempotencyKey: `fin-cash-${++n}` },
          p.token,
        )
      ).Data.id as number;
    const [paid, rejected, failed] = [await apply('10.33'), await apply('7'), await apply(`3.0${i}`)];
    await apply('1.11'); // left pending
    await post('/api/backAdmin/wallet.cash.review', { id: paid, cashStatus: 2 });
    await post('/api/backAdmin/wallet.cash.review', { id: paid, cashStatus: 5 });
    await post('/api/backAdmin/wallet.cash.review', { id: rejected, cashStatus: 3 });
    await post('/api/backAdmin/wallet.cash.review', { id: failed, cashStatus: 2 });
    await post('/api/backAdmin/wallet.cash.review', { id: failed, cashStatus: 6 });
  }
}

describe('finance statistics', () => {
  it('the totals equal sums recomputed from the raw rows after a mix of movements', async () => {
    await movements();
    const raw = await one(`
      SELECT
        (SELECT coalesce(sum(amount_fen), 0) FROM orders WHERE status = 1 AND type <> 30)::text AS income,
        (SELECT count(*) FROM orders WHERE status = 1 AND type <> 30)::text AS orders,
        (SELECT coalesce(sum(amount_fen), 0) FROM orders WHERE status = 1 AND type = 1)::text AS register,
        (SELECT coalesce(sum(apply_fen), 0) FROM wallet_cash WHERE status = 5)::text AS withdrawal,
        (SELECT coalesce(sum(fee_fen), 0) FROM wallet_cash WHERE status = 5)::text AS fees,
        (SELECT coalesce(sum(available + frozen), 0) FROM wallets)::text AS wallet,
        (SELECT coalesce(sum(e.amount), 0) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
          WHERE a.kind = 'site_revenue')::text AS site,
        (SELECT coalesce(sum(e.amount), 0) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
          JOIN ledger_transactions x ON x.id = e.transaction_id
          WHERE a.kind = 'site_revenue' AND x.reason NOT IN (11, 70))::text AS royalty`);
    // The fixture's own arithmetic: 3 × 10.33 paid out, fees 3 % rounded up (31 fen each); 3 × 2.97 site shares.
    expect(raw).toMatchObject({
      income: '5973',
      orders: '6',
      withdrawal: '3099',
      fees: '93',
      register: '3003',
      royalty: '891',
    });
    for (const path of ['/api/statistic/finance.v2', '/api/backAdmin/statistic.finance']) {
      const r = await get(path);
      expect(r.Code).toBe(0);
      expect(r.Data).toEqual({
        totalIncome: yuan(raw.income!),
        totalWithdrawal: yuan(raw.withdrawal!),
        totalWallet: yuan(raw.wallet!),
        totalProfit: yuan(BigInt(raw.register!) + BigInt(raw.royalty!) + BigInt(raw.fees!)),
        withdrawalProfit: yuan(raw.fees!),
        orderRoyalty: yuan(raw.royalty!),
        totalRegisterProfit: yuan(raw.register!),
        orderCount: Number(raw.orders),
      });
    }
    // Credits 304.11 plus 3 × 6.93 of author shares, less 30.99 paid out.
    expect(yuan(raw.wallet!)).toBe('293.91');
    // Here every registration's money went to the site, so the profit is all of the site's revenue.
    expect(yuan(raw.site!)).toBe((await get('/api/statistic/finance.v2')).Data.totalProfit);
  });

  it('the chart puts the same sums in today’s period, by day, week and month', async () => {
    const totals = (await get('/api/statistic/finance.v2')).Data;
    const today = new Date().toISOString().slice(0, 10);
    for (const type of ['1', '2', '3']) {
      const r = await get('/api/statistic/financeChart.v2', { type });
      expect(r.Code).toBe(0);
      const series = r.Data.series as { date: string; totalProfit: string; withdrawal: string }[];
      expect(series.length).toBe(type === '1' ? 30 : 12);
      const last = series.at(-1)!;
      expect(last.date <= today).toBe(true);
      expect(last).toMatchObject({
        income: totals.totalIncome,
        orderCount: totals.orderCount,
        withdrawal: totals.totalWithdrawal,
        totalProfit: totals.totalProfit,
        withdrawalProfit: totals.withdrawalProfit,
        registerProfit: totals.totalRegisterProfit,
        masterPortion: totals.orderRoyalty,
      });
      expect(series.slice(0, -1).every((p) => p.totalProfit === '0.00')).toBe(true);
    }
    const ranged = await get('/api/backAdmin/statistic.financeChart', {
      type: '1',
      createdAtBegin: '2020-01-01',
      createdAtEnd: '2020-01-07',
    });
    expect(ranged.Data.series.map((p: { date: string }) => p.date)).toEqual([
      '2020-01-01',
      '2020-01-02',
      '2020-01-03',
      '2020-01-04',
      '2020-01-05',
      '2020-01-06',
      '2020-01-07',
    ]);
    const weeks = await get('/api/statistic/financeChart.v2', {
      type: '2',
      createdAtBegin: '2020-01-01',
      createdAtEnd: '2020-01-31',
    });
    expect(weeks.Data.series[0].date).toBe('2019-12-30');
  });

  it('refuses bad input with -4001 naming the field, and anyone but an administrator with -4002', async () => {
    const bad = await get('/api/statistic/financeChart.v2', { type: '4' });
    expect(bad.Code).toBe(-4001);
    expect(bad.Message).toContain('type');
    const reversed = await get('/api/statistic/financeChart.v2', {
      createdAtBegin: '2020-02-01',
      createdAtEnd: '2020-01-01',
    });
    expect(reversed.Code).toBe(-4001);
    expect(reversed.Message).toContain('createdAtBegin');
    expect((await get('/api/statistic/financeChart.v2', { createdAtBegin: '2000-01-01' })).Code).toBe(-4001);
    const member = await registerUser(t.app);
    for (const path of ['/api/statistic/finance.v2', '/api/statistic/financeChart.v2']) {
      expect((await get(path, {}, member.token)).Code).toBe(-4002);
      expect((await get(path, {}, '')).Code).toBe(-4002);
    }
  });
});

describe('fund details and order records', () => {
  it('lists members’ ledger entries with filters by member, change type and day', async () => {
    const all = await get('/api/backAdmin/users.wallet.logs', { perPage: '50' });
    expect(all.Code).toBe(0);
    const [sum] = (
      await t.app.forum.database.exec(
        `SELECT count(*)::int AS n FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
         WHERE a.user_id IS NOT NULL`,
      )
    ).rows as { n: number }[];
    expect(all.Data.totalCount).toBe(sum!.n);
    const first = all.Data.pageData[0];
    expect(first).toMatchObject({ account: expect.stringMatching(/^(available|frozen)$/) });
    const mine = await get('/api/backAdmin/users.wallet.logs', {
      username: first.username,
      changeType: '10',
    });
    expect(mine.Data.pageData.length).toBeGreaterThan(0);
    expect(
      mine.Data.pageData.every(
        (e: { username: string; changeType: number }) => e.username === first.username && e.changeType === 10,
      ),
    ).toBe(true);
    const old = await get('/api/backAdmin/users.wallet.logs', { createdAtEnd: '2020-01-01' });
    expect(old.Data.totalCount).toBe(0);
  });

  it('lists orders with filters by type, status and payer', async () => {
    const paid = await get('/api/backAdmin/users.order.logs', { status: '1' });
    expect(paid.Code).toBe(0);
    expect(paid.Data.totalCount).toBe(6);
    const pending = await get('/api/backAdmin/users.order.logs', {
      status: '0',
      type: String(OrderType.ONLOOKER),
    });
    expect(pending.Data.totalCount).toBe(3);
    const one = pending.Data.pageData[0];
    expect(one).toMatchObject({ type: 6, status: 0, amount: '5.00', username: expect.any(String) });
    expect(one.payeeName).toEqual(expect.any(String));
    const byPayer = await get('/api/backAdmin/users.order.logs', { username: one.username });
    expect(byPayer.Data.totalCount).toBe(3);
  });

  it('are for administrators only', async () => {
    const member = await registerUser(t.app);
    for (const path of ['/api/backAdmin/users.wallet.logs', '/api/backAdmin/users.order.logs']) {
      expect((await get(path, {}, member.token)).Code).toBe(-4002);
      expect((await get(path, {}, '')).Code).toBe(-4002);
    }
    expect((await get('/api/backAdmin/users.order.logs', { status: 'x' })).Code).toBe(-4001);
  });
});
