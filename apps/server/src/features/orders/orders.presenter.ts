import type { OrderView } from '@forum/contracts';
import { fenToYuan } from '../wallet/index.js';
import type { OrderChildRow, OrderRow } from './orders.repository.js';

/** An order as the contract shows it: yuan with two decimals and fen; a merged order with its parts. */
export function presentOrder(o: OrderRow, children: OrderChildRow[] = []): OrderView {
  return {
    id: o.id,
    orderSn: o.orderSn,
    type: o.type,
    status: o.status,
    amount: fenToYuan(o.amountFen),
    amountFen: Number(o.amountFen),
    title: o.title,
    userId: o.userId,
    payeeId: o.payeeId,
    threadId: o.threadId,
    groupId: o.groupId,
    paymentType: o.paymentType,
    isAnonymous: o.isAnonymous,
    expiredAt: o.expiresAt.toISOString(),
    paidAt: o.paidAt?.toISOString() ?? null,
    createdAt: o.createdAt.toISOString(),
    ...(children.length > 0 && {
      children: children.map((c) => ({
        type: c.type,
        amount: fenToYuan(c.amountFen),
        amountFen: Number(c.amountFen),
      })),
    }),
  };
}
