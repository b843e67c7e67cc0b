import { Code, PaymentType } from '@forum/contracts';
import { AppError } from '../../../platform/http/errors.js';
import type { SettingsService } from '../../settings/index.js';
import type { VerifiedNotify } from '../orders.service.js';
import type { OrderRow } from '../orders.repository.js';
import type { PayAction, PayProvider, ProviderState, StartContext } from './provider.js';
import {
  authorization,
  decryptResource,
  nonceStr,
  platformMessage,
  rsaSign,
  rsaVerify,
} from './wechat-crypto.js';
import { checkWindow, type NotifyCheck } from './notify-window.js';

/** Settings tag of the WeChat Pay keys; `*_secret` and `*_private_key` values are masked in the admin area. */
const TAG = 'wxpay';
/** The API's address unless the site says otherwise (a test's fake). */
const DEFAULT_BASE = 'https://api.mch.weixin.qq.com';

/** The merchant configuration read from settings. */
interface WechatConfig {
  base: string;
  mchid: string;
  appid: string;
  serial: string;
  privateKeyPem: string;
  apiV3Key: string;
  platformSerial: string;
  platformPublicKeyPem: string;
}

/** What a payer's WeChat identity is, for JSAPI (a WeChat-login feature supplies it). */
export type OpenIdOf = (userId: number) => Promise<string | null>;

/**
 * WeChat Pay API v3: native (QR on pc), H5 and JSAPI orders, signed requests, signed replies and callbacks
 * checked with the platform public key, callback resources decrypted with the APIv3 key, order query.
 */
export class WechatPayProvider implements PayProvider {
  readonly name = 'wechat';
  readonly paymentTypes = [
    PaymentType.WECHAT_NATIVE,
    PaymentType.WECHAT_H5,
    PaymentType.WECHAT_JSAPI,
  ] as const;
  /** Set by a feature that knows members' WeChat openids; without it JSAPI asks the member to bind WeChat. */
  openIdOf: OpenIdOf = async () => null;

  constructor(private readonly settings: SettingsService) {}

  enabled(): boolean {
    return this.config() !== null;
  }

  async start(order: OrderRow, paymentType: number, ctx: StartContext): Promise<PayAction> {
    const c = this.mustConfig();
    const body: Record<string, unknown> = {
      appid: c.appid,
      mchid: c.mchid,
      description: (order.title || `order ${order.orderSn}`).slice(0, 127),
      out_trade_no: order.orderSn,
      time_expire: order.expiresAt.toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      notify_url: `${ctx.baseUrl}/api/trade/notify/wechat`,
      amount: { total: Number(order.amountFen), currency: 'CNY' },
    };
    if (paymentType === PaymentType.WECHAT_NATIVE) {
      const r = await this.request<{ code_url: string }>(c, 'POST', '/v3/pay/transactions/native', body);
      return { wechatQrcode: r.code_url };
    }
    if (paymentType === PaymentType.WECHAT_H5) {
      body.scene_info = { payer_client_ip: ctx.clientIp, h5_info: { type: 'Wap' } };
      const r = await this.request<{ h5_url: string }>(c, 'POST', '/v3/pay/transactions/h5', body);
      return { wechatH5Link: r.h5_url };
    }
    const openid = await this.openIdOf(order.userId);
    if (!openid) throw new AppError(Code.NEED_BIND_WECHAT);
    body.payer = { openid };
    const r = await this.request<{ prepay_id: string }>(c, 'POST', '/v3/pay/transactions/jsapi', body);
    return { wechatJs: this.jsapiParams(c, r.prepay_id) };
  }

  async query(order: OrderRow): Promise<ProviderState> {
    const c = this.mustConfig();
    const r = await this.request<{
      trade_state: string;
      transaction_id?: string;
      amount?: { payer_total?: number };
    }>(c, 'GET', `/v3/pay/transactions/out-trade-no/${order.orderSn}?mchid=${encodeURIComponent(c.mchid)}`);
    if (r.trade_state === 'SUCCESS' && r.transaction_id && r.amount?.payer_total !== undefined) {
      return { state: 'paid', tradeNo: r.transaction_id, amountFen: BigInt(r.amount.payer_total) };
    }
    return ['CLOSED', 'REVOKED', 'PAYERROR'].includes(r.trade_state)
      ? { state: 'closed' }
      : { state: 'pending' };
  }

  /**
   * Checks a callback: platform serial, timestamp window, signature over the raw bytes, then decrypts the
   * resource and checks merchant, app, state and amount. Answers the verified notice or why it was refused.
   */
  verifyNotify(
    headers: Record<string, string | string[] | undefined>,
    raw: string,
    now = Date.now(),
  ): NotifyCheck {
    const c = this.config();
    if (!c) return { ok: false, why: 'WeChat Pay is not configured' };
    const h = (name: string) => String(headers[name] ?? '');
    const [timestamp, nonce, signature] = [
      h('wechatpay-timestamp'),
      h('wechatpay-nonce'),
      h('wechatpay-signature'),
    ];
    if (h('wechatpay-serial') !== c.platformSerial) return { ok: false, why: 'unknown platform serial' };
    const late = checkWindow(timestamp, nonce, now);
    if (late) return { ok: false, why: late };
    if (!rsaVerify(c.platformPublicKeyPem, platformMessage(timestamp, nonce, raw), signature)) {
      return { ok: false, why: 'bad signature' };
    }
    try {
      const event = JSON.parse(raw) as {
        event_type?: string;
        resource?: Parameters<typeof decryptResource>[1];
      };
      if (!event.resource) return { ok: false, why: 'no resource' };
      const tx = JSON.parse(decryptResource(c.apiV3Key, event.resource)) as {
        mchid?: string;
        appid?: string;
        out_trade_no?: string;
        transaction_id?: string;
        trade_state?: string;
        amount?: { total?: number; payer_total?: number };
      };
      if (tx.mchid !== c.mchid || tx.appid !== c.appid) return { ok: false, why: 'mchid or appid differs' };
      const total = tx.amount?.payer_total;
      if (!tx.out_trade_no || !tx.transaction_id || !Number.isSafeInteger(total)) {
        return { ok: false, why: 'incomplete transaction' };
      }
      const notice: VerifiedNotify = {
        provider: this.name,
        eventId: nonce,
        orderSn: tx.out_trade_no,
        paid: event.event_type === 'TRANSACTION.SUCCESS' && tx.trade_state === 'SUCCESS',
        tradeNo: tx.transaction_id,
        amountFen: BigInt(total!),
        raw,
      };
      return { ok: true, notice };
    } catch {
      return { ok: false, why: 'resource does not decrypt' };
    }
  }

  /** The JSAPI parameters for `WeixinJSBridge` (`RSA` signType: appId, timeStamp, nonceStr, package). */
  private jsapiParams(c: WechatConfig, prepayId: string): Record<string, string> {
    const timeStamp = Math.floor(Date.now() / 1000).toString();
    const nonce = nonceStr();
    const pkg = `prepay_id=${prepayId}`;
    const paySign = rsaSign(c.privateKeyPem, `${c.appid}\n${timeStamp}\n${nonce}\n${pkg}\n`);
    return { appId: c.appid, timeStamp, nonceStr: nonce, package: pkg, signType: 'RSA', paySign };
  }

  /** A signed request; the reply's signature is checked before its body is believed. */
  private async request<T>(
    c: WechatConfig,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<T> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const auth = authorization(
      { mchid: c.mchid, serial: c.serial, privateKeyPem: c.privateKeyPem },
      method,
      path,
      text,
    );
    let res: Response;
    try {
      res = await fetch(c.base + path, {
        method,
        headers: { authorization: auth, accept: 'application/json', 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: text }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw new AppError(Code.EXTERNAL_API_ERROR, 'WeChat Pay did not answer');
    }
    const reply = await res.text();
    const h = (name: string) => res.headers.get(name) ?? '';
    const signed =
      h('wechatpay-serial') === c.platformSerial &&
      rsaVerify(
        c.platformPublicKeyPem,
        platformMessage(h('wechatpay-timestamp'), h('wechatpay-nonce'), reply),
        h('wechatpay-signature'),
      );
    if (!signed)
      throw new AppError(Code.EXTERNAL_API_ERROR, 'WeChat Pay reply is not signed by the platform');
    if (!res.ok) throw new AppError(Code.PAY_ORDER_FAIL, `WeChat Pay refused: ${reply.slice(0, 200)}`);
    return JSON.parse(reply) as T;
  }

  private mustConfig(): WechatConfig {
    const c = this.config();
    if (!c) throw new AppError(Code.PAY_ORDER_FAIL, 'WeChat Pay is not configured');
    return c;
  }

  private config(): WechatConfig | null {
    const get = (key: string) => this.settings.get(key, TAG).trim();
    if (get('wxpay_close') === '1') return null;
    const c: WechatConfig = {
      base: get('wxpay_api_base') || DEFAULT_BASE,
      mchid: get('wxpay_mchid'),
      appid: get('wxpay_appid'),
      serial: get('wxpay_mch_serial'),
      privateKeyPem: get('wxpay_mch_private_key'),
      apiV3Key: get('wxpay_apiv3_secret'),
      platformSerial: get('wxpay_platform_serial'),
      platformPublicKeyPem: get('wxpay_platform_public_key'),
    };
    const complete = Object.values(c).every((v) => v !== '') && Buffer.byteLength(c.apiV3Key) === 32;
    return complete ? c : null;
  }
}
