import type { PurchaseItem } from '@forum/contracts';
import { fenToYuan } from '../wallet/index.js';
import type { PurchaseRow } from './paid-content.repository.js';

/** One of my purchases as the list shows it. */
export function presentPurchase(r: PurchaseRow): PurchaseItem {
  return {
    id: r.id,
    threadId: r.threadId,
    title: r.title || `#${r.threadId}`,
    type: r.type,
    amount: fenToYuan(r.amountFen),
    amountFen: Number(r.amountFen),
    orderSn: r.orderSn,
    createdAt: r.createdAt.toISOString(),
  };
}
