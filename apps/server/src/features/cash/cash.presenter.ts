import type { CashItem } from '@forum/contracts';
import { fenToYuan } from '../wallet/index.js';
import type { CashRow } from './cash.repository.js';

/** A withdrawal as the contract shows it (the idempotency key stays inside). */
export function presentCash(r: CashRow): CashItem {
  return {
    id: r.id,
    cashSn: r.cashSn,
    userId: r.userId,
    username: r.username,
    cashApplyAmount: fenToYuan(r.applyFen),
    cashCharge: fenToYuan(r.feeFen),
    cashActualAmount: fenToYuan(r.actualFen),
    receiveAccount: r.receiveAccount,
    cashStatus: r.status,
    remark: r.remark,
    reviewerId: r.reviewerId,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
