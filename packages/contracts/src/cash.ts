import { z } from 'zod';
import { defineCall } from './call.js';
import { idField } from './fields.js';
import { pageOf, pageQuery } from './envelope.js';
import { dayFilter } from './admin-content.js';
import { yuanAmount } from './wallet.js';

/** Withdrawal statuses (reference §1.9 `user_wallet_cash.cash_status`). */
export const CashStatus = {
  PENDING: 1,
  APPROVED: 2,
  REJECTED: 3,
  AWAITING_PAYOUT: 4,
  PAID: 5,
  FAILED: 6,
} as const;

/** One withdrawal as its owner or an administrator sees it; money as yuan strings with two decimals. */
export const cashItem = z.object({
  id: z.number().int(),
  cashSn: z.string(),
  userId: z.number().int(),
  username: z.string(),
  cashApplyAmount: z.string(),
  cashCharge: z.string(),
  cashActualAmount: z.string(),
  receiveAccount: z.string(),
  cashStatus: z.number().int().min(1).max(6),
  remark: z.string(),
  reviewerId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
/** A withdrawal. */
export type CashItem = z.infer<typeof cashItem>;

/** The application form (the web page validates with it too). */
export const cashApplyForm = z.object({
  cashApplyAmount: yuanAmount,
  receiveAccount: z.string().trim().min(1, 'receiveAccount is required').max(100),
});

/** `POST wallet/cash`: apply for a withdrawal; the amount is frozen until the review ends. */
export const walletCashCreate = defineCall({
  method: 'POST',
  path: '/api/v3/wallet/cash',
  summary: 'Apply for a withdrawal',
  tags: ['wallet'],
  input: cashApplyForm.extend({ idempotencyKey: z.string().trim().min(8).max(100) }),
  output: cashItem.extend({ duplicate: z.boolean() }),
});

const statusFilter = z.coerce.number().int().min(0).max(6).default(0);

/** `GET wallet/cash`: my withdrawals, newest first (status 0 = all). */
export const walletCashList = defineCall({
  method: 'GET',
  path: '/api/v3/wallet/cash',
  summary: 'My withdrawals',
  tags: ['wallet'],
  input: pageQuery.extend({ cashStatus: statusFilter }),
  output: pageOf(cashItem),
});

/** The admin list's filters (the admin app's filter form validates with this too). */
export const cashFilter = z.object({
  cashStatus: statusFilter,
  username: z.string().trim().max(100).default(''),
  cashSn: z.string().trim().max(40).default(''),
  createdAtBegin: dayFilter,
  createdAtEnd: dayFilter,
});

/** `GET backAdmin/users.cash.logs`: every withdrawal with filters (status, member, days in UTC). */
export const adminCashList = defineCall({
  method: 'GET',
  path: '/api/backAdmin/users.cash.logs',
  summary: 'Withdrawals',
  tags: ['wallet', 'admin'],
  input: pageQuery.extend(cashFilter.shape),
  output: pageOf(cashItem),
});

/**
 * `POST backAdmin/wallet.cash.review`: 2 approve (pending → awaiting payout), 3 reject (pending, unfrozen),
 * 5 paid or 6 failed (awaiting payout; failed is unfrozen). Repeating a step already taken answers the row
 * with `changed: false`; a step the row has moved past is refused.
 */
export const adminCashReview = defineCall({
  method: 'POST',
  path: '/api/backAdmin/wallet.cash.review',
  summary: 'Review a withdrawal',
  tags: ['wallet', 'admin'],
  input: z.object({
    id: idField,
    cashStatus: z.coerce
      .number()
      .int()
      .refine((v) => [2, 3, 5, 6].includes(v), 'cashStatus must be 2, 3, 5 or 6'),
    remark: z.string().trim().max(200).default(''),
  }),
  output: cashItem.extend({ changed: z.boolean() }),
});
