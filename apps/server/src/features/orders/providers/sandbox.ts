import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PaymentType } from '@forum/contracts';
import type { SettingsService } from '../../settings/index.js';
import type { OrderRow } from '../orders.repository.js';
import { checkWindow, type NotifyCheck } from './notify-window.js';
import type { PayAction, PayProvider, ProviderState, StartContext } from './provider.js';

/** Settings of the sandbox (tag `default`): `pay_sandbox_open` (1 = on), its HMAC key `pay_sandbox_secret`. */
const TAG = 'default';

/** The signed callback's headers. */
export const SANDBOX_HEADERS = {
  timestamp: 'x-sandbox-timestamp',
  nonce: 'x-sandbox-nonce',
  signature: 'x-sandbox-signature',
} as const;

/** The sandbox callback's body. */
export interface SandboxNotice {
  orderSn: string;
  tradeNo: string;
  /** Fen as a decimal string. */
  amountFen: string;
  outcome: 'paid' | 'failed';
}

/**
 * The built-in sandbox provider (development and tests): our own payment page at `/pay/sandbox/<orderSn>`
 * completes or fails the payment by sending an HMAC-SHA256-signed callback (timestamp, nonce, raw body) to
 * `/api/trade/notify/sandbox`, which is checked exactly as a real provider's would be.
 */
export class SandboxProvider implements PayProvider {
  readonly name = 'sandbox';
  readonly paymentTypes = [PaymentType.SANDBOX] as const;

  constructor(private readonly settings: SettingsService) {}

  enabled(): boolean {
    return this.settings.get('pay_sandbox_open', TAG) === '1';
  }

  async start(order: OrderRow, _paymentType: number, ctx: StartContext): Promise<PayAction> {
    return { sandboxUrl: `${ctx.baseUrl}/pay/sandbox/${order.orderSn}` };
  }

  /** The sandbox only reports through its callback. */
  async query(): Promise<ProviderState> {
    return { state: 'pending' };
  }

  /** Signed headers for a callback body (what the sandbox's page sends). */
  async sign(body: string, now = Date.now()): Promise<Record<string, string>> {
    const timestamp = Math.floor(now / 1000).toString();
    const nonce = randomBytes(16).toString('hex');
    return {
      [SANDBOX_HEADERS.timestamp]: timestamp,
      [SANDBOX_HEADERS.nonce]: nonce,
      [SANDBOX_HEADERS.signature]: mac(await this.secret(), timestamp, nonce, body),
    };
  }

  /** Checks a callback: timestamp window, HMAC over the raw bytes (constant time), then its fields. */
  async verifyNotify(
    headers: Record<string, string | string[] | undefined>,
    raw: string,
    now = Date.now(),
  ): Promise<NotifyCheck> {
    if (!this.enabled()) return { ok: false, why: 'the sandbox is off' };
    const h = (name: string) => String(headers[name] ?? '');
    const [timestamp, nonce] = [h(SANDBOX_HEADERS.timestamp), h(SANDBOX_HEADERS.nonce)];
    const late = checkWindow(timestamp, nonce, now);
    if (late) return { ok: false, why: late };
    const expected = Buffer.from(mac(await this.secret(), timestamp, nonce, raw), 'hex');
    const given = Buffer.from(h(SANDBOX_HEADERS.signature), 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return { ok: false, why: 'bad signature' };
    let n: SandboxNotice;
    try {
      n = JSON.parse(raw) as SandboxNotice;
    } catch {
      return { ok: false, why: 'body is not JSON' };
    }
    if (
      typeof n.orderSn !== 'string' ||
      typeof n.tradeNo !== 'string' ||
      !/^\d{1,15}$/.test(n.amountFen ?? '')
    ) {
      return { ok: false, why: 'incomplete notice' };
    }
    return {
      ok: true,
      notice: {
        provider: this.name,
        eventId: nonce,
        orderSn: n.orderSn,
        paid: n.outcome === 'paid',
        failsOrder: n.outcome === 'failed',
        tradeNo: n.tradeNo,
        amountFen: BigInt(n.amountFen),
        raw,
      },
    };
  }

  /** The HMAC key, made on first use and kept in settings so every instance signs and checks alike. */
  private secret(): Promise<string> {
    return this.settings.secret('pay_sandbox_secret', TAG);
  }
}

function mac(secret: string, timestamp: string, nonce: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${nonce}.${body}`).digest('hex');
}
