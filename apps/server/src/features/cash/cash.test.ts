import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
type U = { token: string; userId: number };
let admin: U;
let n = 0;

beforeAll(async () => {
  t = await startTestApp();
  admin = await adminUser(t.app);
});
afterAll(async () => t?.close());

const DEFAULTS = {
  cash_interval_time: '0',
  cash_min_sum: '0',
  cash_max_sum: '5000',
  cash_sum_limit: '5000',
  cash_rate: '0',
};
const limits = (v: Partial<typeof DEFAULTS>) =>
  t.app.forum.settings.set(
    Object.entries({ ...DEFAULTS, ...v }).map(([key, value]) => ({ key, tag: 'cash', value })),
  );
beforeEach(() => limits({}));

const key = () => `cash-key-${++n}-${Date.now()}`;
const credit = (userId: number, amount: string) =>
  call(t.app, 'POST', '/api/backAdmin/update.user.wallet', {
    token: admin.token,
    body: { userId, operate: 1, amount, idempotencyKey: key() },
  });
const apply = (u: U | undefined, amount: string | number, idempotencyKey = key()) =>
  call(t.app, 'POST', '/api/v3/wallet/cash', {
    token: u?.token,
    body: { cashApplyAmount: amount, receiveAccount: 'alipay:ann@example.com', idempotencyKey },
  });
const review = (id: number, cashStatus: number, token = admin.token, remark = '') =>
  call(t.app, 'POST', '/api/backAdmin/wallet.cash.review', { token, body: { id, cashStatus, remark } });
const wallet = async (u: U) => (await call(t.app, 'GET', '/api/v3/wallet/user', { token: u.token })).Data;
const sql = async (text: string, params: unknown[] = []) =>
  (await t.app.forum.database.exec(text, params)).rows;
const member = async (yuan: string) => {
  const u = await registerUser(t.app);
  if (yuan !== '0') expect((await credit(u.userId, yuan)).Code).toBe(0);
  return u;
};
/** The ledger invariants: entries sum to zero, every wallet equals its entries, nothing negative. */
const balanced = async () => {
  const check = await t.app.forum.database.exec(
    `SELECT (SELECT coalesce(sum(amount),0) FROM ledger_entries)::text AS total,
            (SELECT count(*) FROM wallets WHERE available < 0 OR frozen < 0)::int AS negative`,
  );
  expect(check.rows[0]).toEqual({ total: '0', negative: 0 });
};

describe('applying for a withdrawal', () => {
  it('freezes the amount, writes a pending row with the fee rounded up, and lists it as mine', async () => {
    await limits({ cash_rate: '0.006' });
    const ann = await member('100');
    const r = await apply(ann, '10.01');
    expect(r.Code).toBe(0);
    // 10.01 × 0.6 % = 6.006 fen, rounded up to 7.
    expect(r.Data).toMatchObject({
      cashApplyAmount: '10.01',
      cashCharge: '0.07',
      cashActualAmount: '9.94',
      cashStatus: 1,
      userId: ann.userId,
      duplicate: false,
    });
    expect(r.Data.cashSn).toMatch(/^\d{20}$/);
    expect(await wallet(ann)).toMatchObject({ availableAmount: '89.99', freezeAmount: '10.01' });
    const log = await call(t.app, 'GET', '/api/v3/wallet/log', { token: ann.token });
    expect(log.Data.pageData.slice(0, 2).map((e: { changeType: number }) => e.changeType)).toEqual([10, 10]);
    const mine = await call(t.app, 'GET', '/api/v3/wallet/cash', { token: ann.token });
    expect(mine.Data.totalCount).toBe(1);
    expect(mine.Data.pageData[0]).toMatchObject({
      id: r.Data.id,
      cashStatus: 1,
      receiveAccount: 'alipay:ann@example.com',
    });
    await balanced();
  });

  it('refuses each limit with -4001 naming the field and the setting', async () => {
    const ann = await member('10000');
    const refused = async (amount: string, limit: string) => {
      const r = await apply(ann, amount);
      expect(r.Code).toBe(-4001);
      expect(r.Message).toMatch(/^cashApplyAmount/);
      expect(r.Data).toMatchObject({ field: 'cashApplyAmount', limit });
    };
    await limits({ cash_min_sum: '10' });
    await refused('9.99', 'cash_min_sum');
    await limits({ cash_max_sum: '100' });
    await refused('100.01', 'cash_max_sum');
    await limits({ cash_sum_limit: '150' });
    expect((await apply(ann, '100')).Code).toBe(0);
    await refused('50.01', 'cash_sum_limit');
    expect((await apply(ann, '50')).Code).toBe(0);
    await limits({ cash_interval_time: '1' });
    await refused('1', 'cash_interval_time');
    const bad = await apply(ann, '1.001');
    expect(bad.Code).toBe(-4001);
    expect(bad.Message).toContain('cashApplyAmount');
    expect((await apply(ann, '0')).Code).toBe(-4001);
    expect(await wallet(ann)).toMatchObject({ availableAmount: '9850.00', freezeAmount: '150.00' });
  });

  it('refuses a short balance and a wallet whose withdrawals are frozen', async () => {
    const ben = await member('5');
    const short = await apply(ben, '5.01');
    expect(short.Code).toBe(-4001);
    expect(short.Message).toContain('insufficient');
    const poor = await member('0');
    expect((await apply(poor, '1')).Code).toBe(-4001);
    await call(t.app, 'POST', '/api/backAdmin/update.user.wallet', {
      token: admin.token,
      body: { userId: ben.userId, walletStatus: 1 },
    });
    const frozen = await apply(ben, '1');
    expect(frozen.Code).toBe(-4001);
    expect(frozen.Data).toMatchObject({ field: 'walletStatus' });
    expect(await wallet(ben)).toMatchObject({ availableAmount: '5.00', freezeAmount: '0.00' });
  });

  it('a repeated idempotency key answers the first request and freezes nothing more', async () => {
    const cat = await member('20');
    const k = key();
    const first = await apply(cat, '3', k);
    const again = await apply(cat, '7', k);
    expect(again.Code).toBe(0);
    expect(again.Data).toMatchObject({ id: first.Data.id, cashApplyAmount: '3.00', duplicate: true });
    const both = await Promise.all([
      apply(cat, '2', 'same-key-parallel'),
      apply(cat, '2', 'same-key-parallel'),
    ]);
    expect(both.map((r) => r.Code)).toEqual([0, 0]);
    expect(both.map((r) => r.Data.duplicate).sort()).toEqual([false, true]);
    expect(await wallet(cat)).toMatchObject({ availableAmount: '15.00', freezeAmount: '5.00' });
  });

  it('20 parallel applications against a balance for 3: exactly 3 succeed, nothing goes negative', async () => {
    const dan = await member('30');
    const replies = await Promise.all(Array.from({ length: 20 }, () => apply(dan, '10')));
    expect(replies.filter((r) => r.Code === 0)).toHaveLength(3);
    expect(replies.filter((r) => r.Code !== 0).every((r) => r.Code === -4001)).toBe(true);
    expect(await wallet(dan)).toMatchObject({ availableAmount: '0.00', freezeAmount: '30.00' });
    const [rows] = await sql('SELECT count(*)::int AS n FROM wallet_cash WHERE user_id = $1', [dan.userId]);
    expect(rows).toEqual({ n: 3 });
    await balanced();
  });

  it('needs cash.create: members without it -4002, guests -3001', async () => {
    const eve = await member('10');
    expect((await apply(undefined, '1')).Code).toBe(-3001);
    expect((await call(t.app, 'GET', '/api/v3/wallet/cash')).Code).toBe(-3001);
    const db = t.app.forum.database;
    await db.exec(`DELETE FROM group_permissions WHERE group_id = 10 AND permission = 'cash.create'`);
    await t.app.forum.groups.changed();
    await t.app.forum.users.sessionsChanged();
    try {
      expect((await apply(eve, '1')).Code).toBe(-4002);
    } finally {
      await db.exec(`INSERT INTO group_permissions (group_id, permission) VALUES (10, 'cash.create')`);
      await t.app.forum.groups.changed();
      await t.app.forum.users.sessionsChanged();
    }
    expect((await apply(eve, '1')).Code).toBe(0);
  });
});

describe('reviewing a withdrawal', () => {
  it('approve then paid: frozen leaves the member, the fee is site revenue, the user is told each time', async () => {
    await limits({ cash_rate: '0.1' });
    const fay = await member('50');
    const c = (await apply(fay, '20')).Data;
    const approved = await review(c.id, 2);
    expect(approved.Data).toMatchObject({ cashStatus: 4, changed: true, reviewerId: admin.userId });
    expect((await review(c.id, 2)).Data).toMatchObject({ cashStatus: 4, changed: false });
    const paid = await review(c.id, 5);
    expect(paid.Data).toMatchObject({ cashStatus: 5, changed: true });
    expect((await review(c.id, 5)).Data.changed).toBe(false);
    const late = await review(c.id, 6);
    expect(late.Code).toBe(-4001);
    expect(late.Data).toMatchObject({ field: 'cashStatus', current: 5 });
    expect(await wallet(fay)).toMatchObject({ availableAmount: '30.00', freezeAmount: '0.00' });
    const site = await sql(
      `SELECT a.kind, sum(e.amount)::text AS s FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
       JOIN ledger_transactions x ON x.id = e.transaction_id WHERE x.reason = 11 AND x.memo = $1
       GROUP BY a.kind ORDER BY a.kind`,
      [`cash ${c.id}`],
    );
    expect(site).toEqual([
      { kind: 'member_frozen', s: '-2000' },
      { kind: 'site_revenue', s: '200' },
      { kind: 'withdrawal_payable', s: '1800' },
    ]);
    const notes = await call(t.app, 'GET', '/api/v3/notification', {
      token: fay.token,
      query: { 'filter[type]': 'withdrawal' },
    });
    expect(notes.Code).toBe(0);
    expect(notes.Data.totalCount).toBe(2);
    await balanced();
  });

  it('reject and failed unfreeze; a second reviewer of a finished step gets a clear error', async () => {
    const gus = await member('40');
    const a = (await apply(gus, '10')).Data;
    const b = (await apply(gus, '15')).Data;
    expect((await review(a.id, 3, admin.token, 'wrong account')).Data).toMatchObject({
      cashStatus: 3,
      remark: 'wrong account',
    });
    expect((await review(a.id, 2)).Code).toBe(-4001);
    expect((await review(b.id, 6)).Data).toMatchObject({ field: 'cashStatus', current: 1 });
    await review(b.id, 2);
    // Two reviewers at once: one marks it failed, the other paid; exactly one wins and money moves once.
    const race = await Promise.all([review(b.id, 6), review(b.id, 5)]);
    expect(race.filter((r) => r.Code === 0)).toHaveLength(1);
    const w = await wallet(gus);
    expect(w.freezeAmount).toBe('0.00');
    expect(['40.00', '25.00']).toContain(w.availableAmount);
    const log = await sql(
      'SELECT count(*)::int AS n FROM ledger_transactions WHERE memo = $1 AND reason IN (11, 12)',
      [`cash ${b.id}`],
    );
    expect(log[0]).toEqual({ n: 1 });
    expect((await review(999_999, 2)).Code).toBe(-4004);
    await balanced();
  });

  it('the admin list filters by status and member; members and guests are refused', async () => {
    const hal = await member('10');
    const c = (await apply(hal, '1')).Data;
    const list = await call(t.app, 'GET', '/api/backAdmin/users.cash.logs', {
      token: admin.token,
      query: { cashStatus: '1', username: c.username },
    });
    expect(list.Code).toBe(0);
    expect(list.Data.pageData.map((x: { id: number }) => x.id)).toEqual([c.id]);
    const today = new Date().toISOString().slice(0, 10);
    const dated = await call(t.app, 'GET', '/api/backAdmin/users.cash.logs', {
      token: admin.token,
      query: { createdAtBegin: today, createdAtEnd: today },
    });
    expect(dated.Data.totalCount).toBeGreaterThan(0);
    expect((await call(t.app, 'GET', '/api/backAdmin/users.cash.logs', { token: hal.token })).Code).toBe(
      -4002,
    );
    expect((await call(t.app, 'GET', '/api/backAdmin/users.cash.logs')).Code).toBe(-4002);
    expect((await review(c.id, 2, hal.token)).Code).toBe(-4002);
    expect(
      (await call(t.app, 'POST', '/api/backAdmin/wallet.cash.review', { body: { id: c.id, cashStatus: 2 } }))
        .Code,
    ).toBe(-4002);
  });
});
