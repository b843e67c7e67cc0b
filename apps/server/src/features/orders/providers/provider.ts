import type { OrderRow } from '../orders.repository.js';

/** What the client is told to do next (the contract's `payAction`). */
export interface PayAction {
  wechatQrcode?: string;
  wechatH5Link?: string;
  wechatJs?: Record<string, string>;
  sandboxUrl?: string;
}

/** What a provider says about an order when asked (reconciliation). */
export type ProviderState =
  { state: 'paid'; tradeNo: string; amountFen: bigint } | { state: 'pending' } | { state: 'closed' };

/** Where the request came from: the provider may need the site's address and the payer's IP. */
export interface StartContext {
  baseUrl: string;
  clientIp: string;
}

/**
 * A payment provider: starts collecting the money of an order and, when asked, says whether it has. Its
 * callback route verifies what the provider sends and hands a paid order to `OrderService.completeByProvider`.
 */
export interface PayProvider {
  /** Stored on the order (`orders.provider`). */
  name: string;
  /** The `paymentType`s it serves. */
  paymentTypes: readonly number[];
  /** Whether the site has configured it (settings). */
  enabled(): boolean;
  start(order: OrderRow, paymentType: number, ctx: StartContext): Promise<PayAction>;
  query(order: OrderRow): Promise<ProviderState>;
}
