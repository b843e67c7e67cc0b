import { OrderType, WalletReason } from '@forum/contracts';
import type { Notice } from '../notifications/index.js';
import type { OrderRow } from '../orders/index.js';
import type { Move } from '../wallet/index.js';

/** The author's income lines of a tip, a paid thread and paid attachments (reference §1.9: 31, 60, 63). */
const INCOMES = new Set<number>([
  WalletReason.REWARD_INCOME,
  WalletReason.THREAD_INCOME,
  WalletReason.ATTACHMENT_INCOME,
]);

/** The inviter's commission lines of the same, and of a paid registration or renewal (33, 62, 64, 34). */
const COMMISSIONS = new Set<number>([
  WalletReason.REWARD_COMMISSION,
  WalletReason.THREAD_COMMISSION,
  WalletReason.ATTACHMENT_COMMISSION,
  WalletReason.REGISTER_COMMISSION,
]);

/**
 * What the members a paid order credited are told (reference §1.8, the original's `rewarded` with its order
 * type): the author "tipped" or "content paid" with their share, an inviter "commission income" with theirs, each
 * from the payer (named unless the order was anonymous). Read from the moves actually posted, so the amounts are
 * the ledger's; an author who invited the payer gets both.
 */
export function incomeNotices(order: OrderRow, credits: readonly Move[]): Notice[] {
  const notices: Notice[] = [];
  for (const m of credits) {
    if (m.account.kind !== 'member_available' || m.reason === undefined || BigInt(m.amount) <= 0n) continue;
    const commission = COMMISSIONS.has(m.reason);
    if (!commission && !INCOMES.has(m.reason)) continue;
    notices.push({
      event: commission
        ? 'commission.income'
        : order.type === OrderType.REWARD
          ? 'content.rewarded'
          : 'content.paid',
      userId: m.account.userId,
      senderId: order.userId,
      anonymous: order.isAnonymous,
      threadId: order.threadId,
      threadTitle: order.threadId ? order.title : '',
      amountFen: BigInt(m.amount),
      orderType: order.type,
    });
  }
  return notices;
}
