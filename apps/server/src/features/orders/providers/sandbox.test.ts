import { PaymentType } from '@forum/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, startTestApp, type TestApp } from '../../../test/harness.js';
import { SANDBOX_HEADERS } from './sandbox.js';

let t: TestApp;
let ann: { token: string; userId: number };

const sql = async (text: string, params: unknown[] = []) =>
  (await t.app.forum.database.exec(text, params)).rows;
const balance = async () =>
  (await call(t.app, 'GET', '/api/v3/wallet/user', { token: ann.token })).Data.availableAmount as string;
const status = async (sn: string) =>
  (await call(t.app, 'GET', `/api/v3/order.detail?orderSn=${sn}`, { token: ann.token })).Data
    .status as number;
/** A recharge handed to the sandbox; answers its number and the page's address. */
async function sandboxRecharge(amount: string): Promise<{ sn: string; url: string }> {
  const created = await call(t.app, 'POST', '/api/v3/order.create', {
    token: ann.token,
    body: { type: 30, amount },
  });
  const sn = created.Data.orderSn as string;
  const r = await call(t.app, 'POST', '/api/v3/trade/pay/order', {
    token: ann.token,
    body: { orderSn: sn, paymentType: PaymentType.SANDBOX },
  });
  expect(r.Code).toBe(0);
  return { sn, url: new URL(r.Data.sandboxUrl as string).pathname };
}
const notify = (headers: Record<string, string>, payload: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/trade/notify/sandbox',
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });
const notice = (sn: string, amountFen: string, outcome = 'paid') =>
  JSON.stringify({ orderSn: sn, tradeNo: `T${sn.slice(-8)}`, amountFen, outcome });
const ledgerRows = async () => (await sql('SELECT count(*)::int AS n FROM ledger_entries'))[0]!.n;

beforeAll(async () => {
  t = await startTestApp();
  ann = await registerUser(t.app);
  await t.app.forum.settings.set([
    { key: 'site_charge', tag: 'default', value: '1' },
    { key: 'pay_sandbox_open', tag: 'default', value: '1' },
  ]);
});
afterAll(async () => t?.close());

describe('sandbox provider', () => {
  it('the page completes the payment through a signed callback: the recharge reaches the wallet', async () => {
    const { sn, url } = await sandboxRecharge('12.30');
    expect(url).toBe(`/pay/sandbox/${sn}`);
    const pageRes = await t.app.inject({ method: 'GET', url });
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.body).toContain('sandbox-complete');
    expect(pageRes.body).toContain('12.30');
    const done = await t.app.inject({
      method: 'POST',
      url: `${url}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=paid&return=%2Fwallet%2Frecharge%3ForderSn%3D1',
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/wallet/recharge?orderSn=1');
    expect(await status(sn)).toBe(1);
    expect(await balance()).toBe('12.30');
    const [sum] = await sql('SELECT sum(amount)::text AS s FROM ledger_entries');
    expect(sum!.s).toBe('0');
    // An off-site return address is ignored.
    const other = await sandboxRecharge('1');
    const r = await t.app.inject({
      method: 'POST',
      url: other.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=failed&return=%2F%2Fevil.example',
    });
    expect(r.statusCode).toBe(200);
    expect(await status(other.sn)).toBe(3);
  });

  it('forged, stale, replayed or amount-altered callbacks are refused and change nothing', async () => {
    const sandbox = t.app.payProviders.sandbox;
    const { sn } = await sandboxRecharge('5');
    const before = [await balance(), await ledgerRows()];
    const body = notice(sn, '500');
    const good = await sandbox.sign(body);
    // Forged: signed with another key.
    expect((await notify({ ...good, [SANDBOX_HEADERS.signature]: 'ab'.repeat(32) }, body)).statusCode).toBe(
      400,
    );
    // Altered after signing: the amount in the body changed.
    expect((await notify(good, notice(sn, '50000'))).statusCode).toBe(400);
    // Signed, but for another amount than the order's.
    const wrong = notice(sn, '400');
    expect((await notify(await sandbox.sign(wrong), wrong)).statusCode).toBe(400);
    // Stale: signed ten minutes ago.
    expect((await notify(await sandbox.sign(body, Date.now() - 600_000), body)).statusCode).toBe(400);
    expect([await balance(), await ledgerRows()]).toEqual(before);
    expect(await status(sn)).toBe(0);
    // The genuine one pays once; its replay (same nonce) is refused; a fresh delivery is a no-op duplicate.
    expect((await notify(good, body)).statusCode).toBe(200);
    const after = [await balance(), await ledgerRows()];
    expect(after[0]).toBe((Number(before[0]) + 5).toFixed(2));
    expect((await notify(good, body)).statusCode).toBe(400);
    expect((await notify(await sandbox.sign(body), body)).statusCode).toBe(200);
    expect([await balance(), await ledgerRows()]).toEqual(after);
    const refused = await sql(
      `SELECT count(*)::int AS n FROM pay_notifies WHERE NOT verified OR outcome LIKE 'refused%'`,
    );
    expect(refused[0]!.n).toBeGreaterThanOrEqual(5);
  });

  it('is off unless switched on: the payment type is then -4001', async () => {
    const types = await call(t.app, 'GET', '/api/v3/trade/pay.types', { token: ann.token });
    expect(types.Data.paymentTypes).toEqual([20, 90]);
    await t.app.forum.settings.set([{ key: 'pay_sandbox_open', tag: 'default', value: '0' }]);
    try {
      const created = await call(t.app, 'POST', '/api/v3/order.create', {
        token: ann.token,
        body: { type: 30, amount: '1' },
      });
      const r = await call(t.app, 'POST', '/api/v3/trade/pay/order', {
        token: ann.token,
        body: { orderSn: created.Data.orderSn, paymentType: PaymentType.SANDBOX },
      });
      expect([r.Code, r.Message]).toEqual([-4001, expect.stringContaining('paymentType')]);
    } finally {
      await t.app.forum.settings.set([{ key: 'pay_sandbox_open', tag: 'default', value: '1' }]);
    }
  });
});
