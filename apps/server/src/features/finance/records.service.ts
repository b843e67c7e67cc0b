import type { CallParsed, FundItem, Page, adminOrderLogs, adminWalletLogs } from '@forum/contracts';
import type { Db } from '../../platform/db/db.js';
import { pageReply } from '../../platform/http/page.js';
import { orderChildrenOf, presentOrder, type OrderChildRow } from '../orders/index.js';
import { fenToYuan } from '../wallet/index.js';
import { listFunds, listOrders } from './records.repository.js';

type OrderLog = CallParsed<typeof adminOrderLogs>;

/** The administrator's finance records: every member's wallet log (fund details) and every order. */
export class RecordsService {
  constructor(private readonly db: Db) {}

  /** Fund details, newest first. */
  async funds(input: CallParsed<typeof adminWalletLogs>): Promise<Page<FundItem>> {
    const { page, perPage, ...filter } = input;
    const { rows, total } = await listFunds(this.db, filter, {
      limit: perPage,
      offset: (page - 1) * perPage,
    });
    const items = rows.map((r) => ({
      id: r.id,
      transactionId: r.transactionId,
      userId: r.userId,
      username: r.username,
      account: r.kind === 'member_frozen' ? ('frozen' as const) : ('available' as const),
      amount: fenToYuan(r.amount),
      changeType: r.reason,
      memo: r.memo,
      createdAt: r.createdAt.toISOString(),
    }));
    return pageReply(items, page, perPage, total);
  }

  /** Order records, newest first. */
  async orders(input: OrderLog) {
    const { page, perPage, ...filter } = input;
    const { rows, total } = await listOrders(this.db, filter, {
      limit: perPage,
      offset: (page - 1) * perPage,
    });
    // Merged orders show their parts: one query for the page's.
    const parts = new Map<number, OrderChildRow[]>();
    for (const c of await orderChildrenOf(
      this.db,
      rows.map((r) => r.order.id),
    ))
      parts.set(c.orderId, [...(parts.get(c.orderId) ?? []), c]);
    const items = rows.map((r) => ({
      ...presentOrder(r.order, parts.get(r.order.id)),
      username: r.username,
      payeeName: r.payeeName,
    }));
    return pageReply(items, page, perPage, total);
  }
}
