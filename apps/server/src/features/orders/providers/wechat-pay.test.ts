import { createCipheriv, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PaymentType } from '@forum/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, startTestApp, type TestApp } from '../../../test/harness.js';
import { reconcileOrders } from '../reconcile.js';
import { nonceStr, platformMessage, rsaSign, rsaVerify } from './wechat-crypto.js';

const pem = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const merchant = pem();
const platform = pem();
const intruder = pem();
const API_V3_KEY = randomBytes(16).toString('hex');
const MCHID = '1900000109';
const APPID = 'wxd678efh567hg6787';
const PLATFORM_SERIAL = 'PLATFORM-SERIAL-1';

/** What the fake has been asked, and which of its orders are paid. */
const fake = {
  orders: new Map<string, { total: number; paid: boolean }>(),
  badAuth: 0,
  requests: [] as string[],
};

/** Headers of a reply or callback signed as the platform (or as someone else). */
function platformHeaders(body: string, key = platform.privateKey, ts = Math.floor(Date.now() / 1000)) {
  const nonce = nonceStr();
  return {
    'wechatpay-serial': PLATFORM_SERIAL,
    'wechatpay-timestamp': String(ts),
    'wechatpay-nonce': nonce,
    'wechatpay-signature': rsaSign(key, platformMessage(String(ts), nonce, body)),
  };
}

/** A local stand-in for the WeChat Pay API: checks our signature, answers signed replies. */
function fakeWechat(): Server {
  return createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const send = (status: number, data: object) => {
        const text = JSON.stringify(data);
        res.writeHead(status, { 'content-type': 'application/json', ...platformHeaders(text) });
        res.end(text);
      };
      const auth = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const f = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
      const message = `${req.method}\n${req.url}\n${f.timestamp}\n${f.nonce_str}\n${body}\n`;
      if (f.mchid !== MCHID || !rsaVerify(merchant.publicKey, message, f.signature ?? '')) {
        fake.badAuth++;
        return send(401, { code: 'SIGN_ERROR', message: 'bad signature' });
      }
      fake.requests.push(`${req.method} ${req.url!.split('?')[0]}`);
      const query = /^\/v3\/pay\/transactions\/out-trade-no\/(\d+)\?mchid=/.exec(req.url!);
      if (req.method === 'GET' && query) {
        const o = fake.orders.get(query[1]!);
        if (!o) return send(404, { code: 'ORDER_NOT_EXIST' });
        return send(200, {
          trade_state: o.paid ? 'SUCCESS' : 'NOTPAY',
          ...(o.paid ? { transaction_id: `42000${query[1]}` } : {}),
          amount: { total: o.total, payer_total: o.total },
        });
      }
      const b = JSON.parse(body) as { out_trade_no: string; amount: { total: number }; mchid: string };
      fake.orders.set(b.out_trade_no, { total: b.amount.total, paid: false });
      if (req.url === '/v3/pay/transactions/native')
        return send(200, { code_url: `weixin://pay/${b.out_trade_no}` });
      if (req.url === '/v3/pay/transactions/h5')
        return send(200, { h5_url: `https://wx.example/h5/${b.out_trade_no}` });
      if (req.url === '/v3/pay/transactions/jsapi') return send(200, { prepay_id: `wx${b.out_trade_no}` });
      return send(404, { code: 'NOT_FOUND' });
    });
  });
}

/** The encrypted callback WeChat Pay would send for an order. */
function callbackBody(sn: string, payerTotal: number, over: object = {}): string {
  const resource = JSON.stringify({
    mchid: MCHID,
    appid: APPID,
    out_trade_no: sn,
    transaction_id: `42000${sn}`,
    trade_state: 'SUCCESS',
    amount: { total: payerTotal, payer_total: payerTotal, currency: 'CNY' },
    ...over,
  });
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(API_V3_KEY), Buffer.from(nonce));
  cipher.setAAD(Buffer.from('transaction'));
  const ciphertext = Buffer.concat([cipher.update(resource), cipher.final(), cipher.getAuthTag()]).toString(
    'base64',
  );
  return JSON.stringify({
    id: randomBytes(8).toString('hex'),
    event_type: 'TRANSACTION.SUCCESS',
    resource_type: 'encrypt-resource',
    resource: { algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: 'transaction', nonce },
  });
}

let t: TestApp;
let server: Server;
let ann: { token: string; userId: number };

const notify = (headers: Record<string, string>, payload: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/trade/notify/wechat',
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });
const balance = async () =>
  (await call(t.app, 'GET', '/api/v3/wallet/user', { token: ann.token })).Data.availableAmount as string;
const status = async (sn: string) =>
  (await call(t.app, 'GET', `/api/v3/order.detail?orderSn=${sn}`, { token: ann.token })).Data
    .status as number;
async function recharge(amount: string, paymentType: number = PaymentType.WECHAT_NATIVE) {
  const created = await call(t.app, 'POST', '/api/v3/order.create', {
    token: ann.token,
    body: { type: 30, amount },
  });
  const sn = created.Data.orderSn as string;
  const r = await call(t.app, 'POST', '/api/v3/trade/pay/order', {
    token: ann.token,
    body: { orderSn: sn, paymentType },
  });
  return { sn, r };
}

beforeAll(async () => {
  server = fakeWechat();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t = await startTestApp();
  ann = await registerUser(t.app);
  const port = (server.address() as AddressInfo).port;
  const wx = (key: string, value: string) => ({ key, tag: 'wxpay', value });
  await t.app.forum.settings.set([
    { key: 'site_charge', tag: 'default', value: '1' },
    wx('wxpay_api_base', `http://127.0.0.1:${port}`),
    wx('wxpay_mchid', MCHID),
    wx('wxpay_appid', APPID),
    wx('wxpay_mch_serial', 'MERCHANT-SERIAL-1'),
    wx('wxpay_mch_private_key', merchant.privateKey),
    wx('wxpay_apiv3_secret', API_V3_KEY),
    wx('wxpay_platform_serial', PLATFORM_SERIAL),
    wx('wxpay_platform_public_key', platform.publicKey),
  ]);
});
afterAll(async () => {
  await t?.close();
  server?.close();
});

describe('WeChat Pay API v3 (against a local fake)', () => {
  it('native, H5 and JSAPI orders: signed requests, signed replies, the JSAPI parameters signed', async () => {
    const native = await recharge('10');
    expect(native.r.Data).toMatchObject({
      paymentType: 10,
      status: 0,
      wechatQrcode: `weixin://pay/${native.sn}`,
    });
    expect(fake.orders.get(native.sn)).toEqual({ total: 1000, paid: false });
    const h5 = await recharge('1', PaymentType.WECHAT_H5);
    expect(h5.r.Data.wechatH5Link).toContain(h5.sn);
    const js = await recharge('1', PaymentType.WECHAT_JSAPI);
    expect(js.r.Code).toBe(-8000);
    t.app.payProviders.wechat.openIdOf = async () => 'openid-of-ann';
    const js2 = await recharge('1', PaymentType.WECHAT_JSAPI);
    const p = js2.r.Data.wechatJs as Record<string, string>;
    expect(p).toMatchObject({ appId: APPID, package: `prepay_id=wx${js2.sn}`, signType: 'RSA' });
    const message = `${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`;
    expect(rsaVerify(merchant.publicKey, message, p.paySign!)).toBe(true);
    expect(fake.badAuth).toBe(0);
  });

  it('a reply not signed by the platform is not believed', async () => {
    await t.app.forum.settings.set([
      { key: 'wxpay_platform_public_key', tag: 'wxpay', value: intruder.publicKey },
    ]);
    try {
      expect((await recharge('1')).r.Code).toBe(-5004);
    } finally {
      await t.app.forum.settings.set([
        { key: 'wxpay_platform_public_key', tag: 'wxpay', value: platform.publicKey },
      ]);
    }
  });

  it('the callback pays once; forged, tampered, stale, replayed, foreign or amount-altered ones change nothing', async () => {
    const { sn } = await recharge('8.88');
    const body = callbackBody(sn, 888);
    const good = platformHeaders(body);
    const refused = async (headers: Record<string, string>, payload: string) =>
      expect((await notify(headers, payload)).statusCode).toBe(400);
    await refused(platformHeaders(body, intruder.privateKey), body);
    await refused(good, body.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCESs'));
    await refused({ ...good, 'wechatpay-serial': 'OTHER' }, body);
    await refused(platformHeaders(body, platform.privateKey, Math.floor(Date.now() / 1000) - 900), body);
    const altered = callbackBody(sn, 1);
    await refused(platformHeaders(altered), altered);
    const foreign = callbackBody(sn, 888, { mchid: '1234567890' });
    await refused(platformHeaders(foreign), foreign);
    expect([await status(sn), await balance()]).toEqual([0, '0.00']);
    // A genuine notice of an unpaid trade is recorded and leaves the order payable.
    const unpaid = callbackBody(sn, 888, { trade_state: 'PAYERROR' });
    expect((await notify(platformHeaders(unpaid), unpaid)).statusCode).toBe(200);
    expect([await status(sn), await balance()]).toEqual([0, '0.00']);

    const ok = await notify(good, body);
    expect([ok.statusCode, ok.json()]).toEqual([200, { code: 'SUCCESS', message: '' }]);
    expect([await status(sn), await balance()]).toEqual([1, '8.88']);
    await refused(good, body);
    // WeChat resends with a new nonce when it missed our answer: accepted, nothing moves again.
    expect((await notify(platformHeaders(body), body)).statusCode).toBe(200);
    expect(await balance()).toBe('8.88');
  });

  it('reconciliation pays an order whose callback was lost, and expires old pending orders', async () => {
    const { sn } = await recharge('3');
    fake.orders.get(sn)!.paid = true;
    const stale = await recharge('4');
    const db = t.app.forum.database;
    await db.exec(`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE order_sn = $1`, [
      stale.sn,
    ]);
    const r = await reconcileOrders(t.app.orders);
    expect(r.paid).toBe(1);
    expect(r.expired).toBeGreaterThanOrEqual(1);
    expect(await status(sn)).toBe(1);
    expect(await status(stale.sn)).toBe(4);
    expect(await balance()).toBe('11.88');
    expect(fake.requests).toContain(`GET /v3/pay/transactions/out-trade-no/${sn}`);
    const [sum] = (await db.exec('SELECT sum(amount)::text AS s FROM ledger_entries')).rows;
    expect(sum!.s).toBe('0');
  });
});
