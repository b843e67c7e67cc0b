import type { OrderService } from './orders.service.js';
import type { Jobs } from '../../platform/jobs/index.js';

/** How often the job runs. */
export const RECONCILE_MS = 60_000;

/**
 * One pass of order reconciliation: expire pending orders past their 15 minutes, and ask each provider about
 * its pending orders (a lost callback still pays the order). Answers what it did, for the log and the tests.
 */
export async function reconcileOrders(
  orders: OrderService,
  now = new Date(),
): Promise<{ paid: number; expired: number }> {
  let paid = 0;
  for (const order of await orders.pendingProviderOrders()) {
    const provider = orders.provider(order.provider!);
    if (!provider?.enabled()) continue;
    const state = await provider.query(order).catch(() => null);
    if (state?.state !== 'paid') continue;
    const r = await orders
      .completeByProvider(provider.name, order.orderSn, state.tradeNo, state.amountFen)
      .catch(() => null);
    if (r === 'paid') paid++;
  }
  // After the provider pass, so an order paid in its last minutes is settled rather than expired.
  const expired = await orders.expireDue(now);
  return { paid, expired };
}

/**
 * Runs the pass once a minute across all instances. The queue holds one waiting and one running pass at most
 * (a slow provider does not stack passes), and a failure is logged and counted there.
 */
export function scheduleReconcile(orders: OrderService, jobs: Jobs): void {
  jobs.work('order_reconcile', () => reconcileOrders(orders));
  jobs.schedule('order_reconcile', { everyMs: RECONCILE_MS });
}
