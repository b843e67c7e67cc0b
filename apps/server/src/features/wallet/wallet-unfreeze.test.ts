import { WalletReason } from '@forum/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, type TestApp } from '../../test/harness.js';
import { ledgerFixture, type Member } from './ledger-fixture.js';

// The administrator releases a member's frozen balance (what an imported open red packet or a stuck
// withdrawal leaves held): frozen → available, once per key, logged.
const f = ledgerFixture({ members: 2, funded: 1, openingFen: 2000 });
const { sql } = f;
let t: TestApp;
let admin: Member;
let ann: Member;
let ben: Member;
beforeAll(async () => {
  ({ t, admin } = f);
  [ann, ben] = f.members as [Member, Member];
  // 15.00 of Ann's 20.00 held, as a red packet paid from the wallet holds it.
  await f.ledger.freeze(f.db, {
    userId: ann.userId,
    amount: 1500,
    reason: WalletReason.RED_PACKET_FREEZE,
    idempotencyKey: `hold-${ann.userId}`,
  });
});

const unfreeze = (token: string | undefined, body: object) =>
  call(t.app, 'POST', '/api/backAdmin/user.wallet.unfreeze', { token, body });
const walletOf = async (userId: number) =>
  (
    await call(t.app, 'GET', '/api/backAdmin/user.wallet', {
      token: admin.token,
      query: { userId: String(userId) },
    })
  ).Data;
const transactions = async () => (await sql('SELECT count(*)::int AS n FROM ledger_transactions'))[0]!.n;
const RELEASE = { amount: '10', reason: '导入的红包已结清', idempotencyKey: 'release-ann-0001' };

describe('admin unfreeze', () => {
  it('moves the amount from frozen to available, with the reason in the log and the admin log', async () => {
    const r = await unfreeze(admin.token, { userId: ann.userId, ...RELEASE });
    expect(r.Code, r.Message).toBe(0);
    expect(r.Data).toMatchObject({
      userId: ann.userId,
      availableAmount: '15.00',
      freezeAmount: '5.00',
      availableFen: 1500,
      freezeFen: 500,
      duplicate: false,
    });
    const log = await call(t.app, 'GET', '/api/v3/wallet/log', { token: ann.token });
    const lines = (log.Data.pageData as Array<Record<string, unknown>>).filter(
      (e) => e.transactionId === r.Data.transactionId,
    );
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          account: 'frozen',
          amountFen: -1000,
          changeType: 1004,
          memo: RELEASE.reason,
        }),
        expect.objectContaining({ account: 'available', amountFen: 1000, changeType: 1004 }),
      ]),
    );
    const [tx] = await sql('SELECT reason, actor_id FROM ledger_transactions WHERE id = $1', [
      r.Data.transactionId,
    ]);
    expect(tx).toEqual({ reason: WalletReason.MANUAL_UNFREEZE, actor_id: admin.userId });
    const actions = await call(t.app, 'GET', '/api/backAdmin/actions', { token: admin.token });
    expect(actions.Data.pageData[0]).toMatchObject({
      path: '/api/backAdmin/user.wallet.unfreeze',
      userId: admin.userId,
      input: expect.objectContaining({ userId: ann.userId, amount: '10', reason: RELEASE.reason }),
    });
    const [sum] = await sql('SELECT coalesce(sum(amount), 0)::text AS s FROM ledger_entries');
    expect(sum!.s).toBe('0');
  });

  it('a repeated key answers the first result and moves nothing (even with less frozen now)', async () => {
    const before = await transactions();
    const first = (await sql(`SELECT id::int AS id FROM ledger_transactions WHERE reason = 1004`))[0]!.id;
    const again = await unfreeze(admin.token, { userId: ann.userId, ...RELEASE, amount: '10.00' });
    expect(again.Code, again.Message).toBe(0);
    expect(again.Data).toMatchObject({
      duplicate: true,
      transactionId: first,
      freezeFen: 500,
      availableFen: 1500,
    });
    expect(await transactions()).toBe(before);
    const other = await unfreeze(admin.token, { userId: ann.userId, ...RELEASE, amount: '1' });
    expect(other.Code).toBe(-4001);
    expect(other.Message).toContain('idempotencyKey');
  });

  it('more than is frozen is -4001 naming amount and writes nothing', async () => {
    const before = await transactions();
    const r = await unfreeze(admin.token, {
      userId: ann.userId,
      amount: '5.01',
      reason: 'too much',
      idempotencyKey: 'release-ann-0002',
    });
    expect(r.Code).toBe(-4001);
    expect(r.Message).toContain('amount');
    const none = await unfreeze(admin.token, {
      userId: ben.userId,
      amount: '0.01',
      reason: 'nothing held',
      idempotencyKey: 'release-ben-0001',
    });
    expect(none.Code).toBe(-4001);
    expect(await transactions()).toBe(before);
    expect(await walletOf(ann.userId)).toMatchObject({ freezeFen: 500, availableFen: 1500 });
  });

  it('members and guests are -4002 and move nothing', async () => {
    const body = { userId: ann.userId, amount: '1', reason: 'me', idempotencyKey: 'release-self-0001' };
    expect((await unfreeze(ann.token, body)).Code).toBe(-4002);
    expect((await unfreeze(undefined, body)).Code).toBe(-4002);
    expect(await walletOf(ann.userId)).toMatchObject({ freezeFen: 500 });
  });

  it('invalid input is -4001 naming the field; an unknown member -4004', async () => {
    const bad = async (body: object, field: string) => {
      const r = await unfreeze(admin.token, {
        userId: ann.userId,
        ...RELEASE,
        idempotencyKey: 'bad-0001',
        ...body,
      });
      expect(r.Code, field).toBe(-4001);
      expect(r.Message).toContain(field);
    };
    await bad({ amount: '0' }, 'amount');
    await bad({ amount: '0.00' }, 'amount');
    await bad({ amount: '1.234' }, 'amount');
    await bad({ amount: '-1' }, 'amount');
    await bad({ reason: '  ' }, 'reason');
    await bad({ reason: undefined }, 'reason');
    await bad({ idempotencyKey: 'short' }, 'idempotencyKey');
    await bad({ idempotencyKey: undefined }, 'idempotencyKey');
    await bad({ userId: 'x' }, 'userId');
    const missing = await unfreeze(admin.token, { ...RELEASE, userId: 99999, idempotencyKey: 'nobody-0001' });
    expect(missing.Code).toBe(-4004);
    expect(await walletOf(ann.userId)).toMatchObject({ freezeFen: 500 });
  });
});
