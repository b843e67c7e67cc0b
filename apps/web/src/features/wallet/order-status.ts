import { useEffect, useState } from 'react';
import { getBrowserApi } from '../../app/api.ts';

/** Payment types as the contracts number them (a value import would pull the validators into the chunk). */
export const PAY = { WECHAT_NATIVE: 10, WECHAT_H5: 11, WALLET: 20, SANDBOX: 90 } as const;
/** Order statuses (contracts `OrderStatus`). */
export const ORDER = { PENDING: 0, PAID: 1, FAILED: 3, EXPIRED: 4 } as const;

/** How often a provider payment's order is asked about. */
const POLL_MS = 2000;

/** Polls `order.detail` while the order is pending; answers its latest status (null before the first answer). */
export function useOrderStatus(orderSn: string | null): number | null {
  const [status, setStatus] = useState<number | null>(null);
  useEffect(() => {
    if (!orderSn) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const [api, { orderDetail }] = await Promise.all([getBrowserApi(), import('@forum/contracts')]);
      const res = await api.call(orderDetail, { orderSn });
      if (!live) return;
      const s = res.Data?.status ?? null;
      setStatus(s);
      if (s === null || s === ORDER.PENDING) timer = setTimeout(() => void tick(), POLL_MS);
    };
    void tick();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [orderSn]);
  return status;
}

/** The payment types this site offers (wallet and enabled providers). */
export function usePayTypes(): number[] | null {
  const [types, setTypes] = useState<number[] | null>(null);
  useEffect(() => {
    let live = true;
    void (async () => {
      const [api, { payTypes }] = await Promise.all([getBrowserApi(), import('@forum/contracts')]);
      const res = await api.call(payTypes, {});
      if (live) setTypes(res.Data?.paymentTypes ?? [PAY.WALLET]);
    })();
    return () => {
      live = false;
    };
  }, []);
  return types;
}

/** A random idempotency key for one payment attempt. */
export function newKey(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** Yuan typed by a member: 0.01 to 100,000 with at most two decimals. */
export function validYuan(v: string): boolean {
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(v.trim())) return false;
  const n = Number(v);
  return n >= 0.01 && n <= 100_000;
}
