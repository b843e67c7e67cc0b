import {
  Code,
  orderCreate,
  PaymentType,
  payPasswordUpdate,
  tradePayOrder,
  type CallInput,
} from '@forum/contracts';
import { getBrowserApi } from '../../app/api.ts';

/** What `order.create` takes: a tip (type 2), a paid thread (3) or paid attachments (7). */
export type OrderInput = CallInput<typeof orderCreate>;

/** How a payment ended: paid, the member has no pay password yet, or a message to show. */
export type PayOutcome = { ok: true } | { ok: false; notSet?: boolean; message: string };

/** One key per opened pay dialog: a retry (after a wrong password, a lost reply) reuses its order and payment. */
export function newPayKey(): string {
  return `pay-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** Creates the order and pays it from the wallet with the pay password; `key` makes retries safe. */
export async function payByWallet(input: OrderInput, payPassword: string, key: string): Promise<PayOutcome> {
  const api = await getBrowserApi();
  const order = await api.call(orderCreate, { ...input, idempotencyKey: `${key}-order` });
  if (order.Code !== 0 || !order.Data) return { ok: false, message: order.Message };
  const paid = await api.call(tradePayOrder, {
    orderSn: order.Data.orderSn,
    paymentType: PaymentType.WALLET,
    payPassword,
    idempotencyKey: `${key}-pay`,
  });
  if (paid.Code === 0) return { ok: true };
  const notSet =
    paid.Code === Code.INVALID_PARAMETER && (paid.Data as { notSet?: boolean } | null)?.notSet === true;
  return { ok: false, notSet, message: paid.Message };
}

/** Sets the first pay password. */
export async function setPayPassword(payPassword: string): Promise<PayOutcome> {
  const api = await getBrowserApi();
  const r = await api.call(payPasswordUpdate, { payPassword, payPasswordConfirmation: payPassword });
  return r.Code === 0 ? { ok: true } : { ok: false, message: r.Message };
}

/** Yuan typed by a member: 0.01 to 100,000 with at most two decimals. */
export function validYuan(v: string): boolean {
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(v.trim())) return false;
  const n = Number(v);
  return n >= 0.01 && n <= 100_000;
}
