import { beforeAll, describe, expect, it } from 'vitest';
import { call, type TestApp } from '../../test/harness.js';
import { ledgerFixture, type Member } from './ledger-fixture.js';

const f = ledgerFixture({ members: 2 });
const { sql } = f;
let t: TestApp;
let admin: Member;
let ann: Member;
let ben: Member;
beforeAll(() => {
  ({ t, admin } = f);
  [ann, ben] = f.members as [Member, Member];
});

const update = (token: string | undefined, body: object) =>
  call(t.app, 'POST', '/api/backAdmin/update.user.wallet', { token, body });
const mine = (token?: string) => call(t.app, 'GET', '/api/v3/wallet/user', { token });

describe('wallet calls', () => {
  it('my wallet: zero before any movement, yuan strings and fen; guests -3001', async () => {
    const r = await mine(ann.token);
    expect(r.Code).toBe(0);
    expect(r.Data).toEqual({
      userId: ann.userId,
      availableAmount: '0.00',
      freezeAmount: '0.00',
      availableFen: 0,
      freezeFen: 0,
      walletStatus: 0,
    });
    expect((await mine()).Code).toBe(-3001);
  });

  it('admin credit and debit move money through the ledger; the log lists them newest first', async () => {
    const credit = await update(admin.token, {
      userId: ann.userId,
      operate: 1,
      amount: '12.34',
      reason: 'prize',
      idempotencyKey: 'credit-ann-0001',
    });
    expect(credit.Code).toBe(0);
    expect(credit.Data).toMatchObject({ availableAmount: '12.34', availableFen: 1234, duplicate: false });
    const debit = await update(admin.token, {
      userId: ann.userId,
      operate: 2,
      amount: 2.3,
      reason: 'correction',
      idempotencyKey: 'debit-ann-0001',
    });
    expect(debit.Data).toMatchObject({ availableAmount: '10.04', availableFen: 1004 });
    expect((await mine(ann.token)).Data).toMatchObject({ availableAmount: '10.04', freezeAmount: '0.00' });
    const log = await call(t.app, 'GET', '/api/v3/wallet/log', { token: ann.token });
    expect(log.Code).toBe(0);
    expect(log.Data.totalCount).toBe(2);
    expect(
      log.Data.pageData.map((e: { changeType: number; amount: string }) => [e.changeType, e.amount]),
    ).toEqual([
      [50, '-2.30'],
      [32, '12.34'],
    ]);
    expect(log.Data.pageData[1]).toMatchObject({ account: 'available', amountFen: 1234, memo: 'prize' });
    // The other side of each movement is the site's manual-adjustment account: the ledger balances.
    const [sum] = await sql('SELECT coalesce(sum(amount), 0)::text AS s FROM ledger_entries');
    expect(sum!.s).toBe('0');
  });

  it('a repeated idempotency key answers the first result and moves nothing', async () => {
    const body = {
      userId: ben.userId,
      operate: 1,
      amount: '5',
      reason: 'once',
      idempotencyKey: 'credit-ben-0001',
    };
    const first = await update(admin.token, body);
    const again = await update(admin.token, { ...body, amount: '5.00' });
    expect(first.Data).toMatchObject({ availableFen: 500, duplicate: false });
    expect(again.Data).toMatchObject({
      availableFen: 500,
      duplicate: true,
      transactionId: first.Data.transactionId,
    });
  });

  it('a debit beyond the balance is refused (-4001, amount) and writes nothing', async () => {
    const before = await sql('SELECT count(*)::int AS n FROM ledger_transactions');
    const r = await update(admin.token, {
      userId: ben.userId,
      operate: 2,
      amount: '5.01',
      reason: 'too much',
      idempotencyKey: 'debit-ben-0001',
    });
    expect(r.Code).toBe(-4001);
    expect(r.Message).toContain('amount');
    expect(await sql('SELECT count(*)::int AS n FROM ledger_transactions')).toEqual(before);
    expect((await mine(ben.token)).Data.availableFen).toBe(500);
  });

  it('freezing withdrawals is a status change recorded in the ledger', async () => {
    const r = await update(admin.token, { userId: ben.userId, walletStatus: 1, reason: 'review' });
    expect(r.Code).toBe(0);
    expect(r.Data).toMatchObject({ walletStatus: 1, availableFen: 500 });
    const rows = await sql('SELECT reason, memo, actor_id FROM ledger_transactions WHERE id = $1', [
      r.Data.transactionId,
    ]);
    expect(rows).toEqual([{ reason: 1000, memo: 'withdrawals frozen: review', actor_id: admin.userId }]);
    const view = await call(t.app, 'GET', '/api/backAdmin/user.wallet', {
      token: admin.token,
      query: { userId: String(ben.userId) },
    });
    expect(view.Data).toMatchObject({ userId: ben.userId, walletStatus: 1, availableAmount: '5.00' });
  });

  it('admin calls are -4002 for members and guests', async () => {
    const q = { query: { userId: String(ann.userId) } };
    expect((await call(t.app, 'GET', '/api/backAdmin/user.wallet', { token: ann.token, ...q })).Code).toBe(
      -4002,
    );
    expect((await call(t.app, 'GET', '/api/backAdmin/user.wallet', q)).Code).toBe(-4002);
    const body = { userId: ann.userId, operate: 1, amount: '1', idempotencyKey: 'member-tries-1' };
    expect((await update(ann.token, body)).Code).toBe(-4002);
    expect((await update(undefined, body)).Code).toBe(-4002);
    expect((await mine(ann.token)).Data.availableFen).toBe(1004);
  });

  it('invalid input is -4001 naming the field', async () => {
    const bad = async (body: object, field: string) => {
      const r = await update(admin.token, { userId: ann.userId, ...body });
      expect(r.Code).toBe(-4001);
      expect(r.Message).toContain(field);
    };
    await bad({ operate: 1, amount: '1.234', idempotencyKey: 'k-invalid-1' }, 'amount');
    await bad({ operate: 1, amount: '-1', idempotencyKey: 'k-invalid-2' }, 'amount');
    await bad({ operate: 1, amount: '1' }, 'idempotencyKey');
    await bad({ operate: 3, amount: '1', idempotencyKey: 'k-invalid-3' }, 'operate');
    await bad({ walletStatus: 2 }, 'walletStatus');
    await bad({}, 'operate');
    const noUser = await call(t.app, 'GET', '/api/backAdmin/user.wallet', {
      token: admin.token,
      query: { userId: 'x' },
    });
    expect(noUser.Code).toBe(-4001);
    expect(noUser.Message).toContain('userId');
    const missing = await call(t.app, 'GET', '/api/backAdmin/user.wallet', {
      token: admin.token,
      query: { userId: '99999' },
    });
    expect(missing.Code).toBe(-4004);
    const log = await call(t.app, 'GET', '/api/v3/wallet/log', {
      token: ann.token,
      query: { perPage: '500' },
    });
    expect(log.Code).toBe(-4001);
    expect(log.Message).toContain('perPage');
    expect((await call(t.app, 'GET', '/api/v3/wallet/log')).Code).toBe(-3001);
  });
});
