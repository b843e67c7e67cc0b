import { z } from 'zod';
import { defineCall } from './call.js';
import { idField, idList } from './fields.js';
import { pageOf, pageQuery } from './envelope.js';

/**
 * Wallet-log change types (reference §1.9, the original's `UserWalletLog` catalogue), used as the ledger
 * entries' reasons: each line of a posting carries its own (the payer's expense, the payee's income, the
 * inviter's commission). 1000+ are ours (not in the original).
 */
export const WalletReason = {
  CASH_FREEZE: 10,
  CASH_SUCCESS: 11,
  CASH_UNFREEZE: 12,
  /** Incomes: a tip to the author, the administrator's manual credit, the inviter's commission on a tip. */
  REWARD_INCOME: 31,
  MANUAL_INCOME: 32,
  REWARD_COMMISSION: 33,
  /** The inviter's commission on a paid registration (or renewal) of the member they invited. */
  REGISTER_COMMISSION: 34,
  REWARD_EXPENSE: 41,
  MANUAL_EXPENSE: 50,
  /** The original's expense types of a wallet-paid order (register/renew, paid group, attachment, thread). */
  EXPEND_GROUP: 51,
  EXPEND_ATTACHMENT: 52,
  /** A paid thread: the author's income, the payer's expense, the inviter's commission. */
  THREAD_INCOME: 60,
  EXPEND_THREAD: 61,
  THREAD_COMMISSION: 62,
  /** A paid attachment: the author's income and the inviter's commission. */
  ATTACHMENT_INCOME: 63,
  ATTACHMENT_COMMISSION: 64,
  EXPEND_REGISTER: 70,
  EXPEND_RENEW: 71,
  /** Bounty: an answer's reward, the rest back to the author on expiry, or split among the answerers. */
  BOUNTY_INCOME: 120,
  BOUNTY_RETURN: 121,
  BOUNTY_SPLIT: 122,
  /** Red packet: the author's payment into escrow, a member's share, the rest back on expiry. */
  RED_PACKET_FREEZE: 150,
  RED_PACKET_INCOME: 151,
  RED_PACKET_REFUND: 152,
  /** Bounty: the author's payment into escrow (the original's V3 bounty freeze). */
  BOUNTY_FREEZE: 160,
  /** A recharge paid through a provider (the original's charge type). */
  RECHARGE: 180,
  /** Ours: the administrator switched withdrawals off or on (an audit record without entries). */
  WALLET_STATUS: 1000,
  /** Ours: a plain member-to-member transfer. */
  TRANSFER: 1001,
  /** Ours: a wallet payment of an order type without its own log type. */
  ORDER_PAYMENT: 1003,
  /** Ours: the administrator released held money (frozen → available), e.g. an imported open red packet's. */
  MANUAL_UNFREEZE: 1004,
} as const;

/** The change types a wallet-log line can have (every reason but the status switch, which has no entries). */
export const WALLET_LOG_TYPES: readonly number[] = Object.values(WalletReason)
  .filter((r) => r !== WalletReason.WALLET_STATUS)
  .sort((a, b) => a - b);

/** Wallet status (reference §1.9): 0 normal, 1 withdrawals frozen. */
export const walletStatus = z.union([z.literal(0), z.literal(1)]);

/** Yuan on the wire: a non-negative decimal with at most two places, as a string or a number. */
export const yuanAmount = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,13}(\.\d{1,2})?$/.test(v), 'amount must be yuan with at most two decimals');

/** A wallet as its owner or an administrator sees it: yuan strings with two decimals and fen integers. */
export const walletView = z.object({
  userId: z.number().int(),
  availableAmount: z.string(),
  freezeAmount: z.string(),
  availableFen: z.number().int(),
  freezeFen: z.number().int(),
  walletStatus,
});
/** A wallet view. */
export type WalletView = z.infer<typeof walletView>;

/** One line of the wallet log: a ledger entry on one of my accounts. */
export const walletLogItem = z.object({
  id: z.number().int(),
  transactionId: z.number().int(),
  /** Which of my balances moved. */
  account: z.enum(['available', 'frozen']),
  amount: z.string(),
  amountFen: z.number().int(),
  changeType: z.number().int(),
  memo: z.string(),
  createdAt: z.string(),
});
/** A wallet-log line. */
export type WalletLogItem = z.infer<typeof walletLogItem>;

/** `GET wallet/user`: my wallet (reference §1.9). */
export const walletUser = defineCall({
  method: 'GET',
  path: '/api/v3/wallet/user',
  summary: 'My wallet',
  tags: ['wallet'],
  input: z.object({}),
  output: walletView,
});

/** A day (`YYYY-MM-DD`) for the log's date filters. */
const dayField = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

/**
 * `GET wallet/log`: my ledger entries, newest first; optionally only some change types and days
 * (`startTime` / `endTime`, both inclusive, UTC days).
 */
export const walletLog = defineCall({
  method: 'GET',
  path: '/api/v3/wallet/log',
  summary: 'My wallet log',
  tags: ['wallet'],
  input: pageQuery.extend({
    changeType: idList,
    startTime: dayField.optional(),
    endTime: dayField.optional(),
  }),
  output: pageOf(walletLogItem),
});

/** `GET backAdmin/user.wallet`: a member's wallet (administrators). */
export const adminUserWallet = defineCall({
  method: 'GET',
  path: '/api/backAdmin/user.wallet',
  summary: "A member's wallet",
  tags: ['wallet', 'admin'],
  input: z.object({ userId: idField }),
  output: walletView,
});

/**
 * `POST backAdmin/update.user.wallet`: a manual credit (operate 1) or debit (operate 2) with its reason
 * and idempotency key, and/or the withdrawal status; every change is written to the ledger.
 */
export const adminUpdateUserWallet = defineCall({
  method: 'POST',
  path: '/api/backAdmin/update.user.wallet',
  summary: "Credit, debit or freeze a member's wallet",
  tags: ['wallet', 'admin'],
  input: z
    .object({
      userId: idField,
      operate: z.coerce.number().int().min(1).max(2).optional(),
      amount: yuanAmount.optional(),
      reason: z.string().trim().max(200).default(''),
      idempotencyKey: z.string().trim().min(8).max(100).optional(),
      walletStatus: z.coerce.number().pipe(walletStatus).optional(),
    })
    .refine((v) => v.operate === undefined || v.amount !== undefined, {
      path: ['amount'],
      message: 'amount is required with operate',
    })
    .refine((v) => v.operate === undefined || v.idempotencyKey !== undefined, {
      path: ['idempotencyKey'],
      message: 'idempotencyKey is required with operate',
    })
    .refine((v) => v.operate !== undefined || v.walletStatus !== undefined, {
      path: ['operate'],
      message: 'operate or walletStatus is required',
    }),
  output: walletView.extend({ transactionId: z.number().int().nullable(), duplicate: z.boolean() }),
});

/**
 * `POST backAdmin/user.wallet.unfreeze` (ours): releases part or all of a member's frozen balance to their
 * available balance, with the reason and an idempotency key (a repeat answers the first result). More than is
 * frozen is -4001 naming `amount`.
 */
export const adminUnfreezeUserWallet = defineCall({
  method: 'POST',
  path: '/api/backAdmin/user.wallet.unfreeze',
  summary: "Release a member's frozen balance",
  tags: ['wallet', 'admin'],
  input: z.object({
    userId: idField,
    amount: yuanAmount.refine((v) => /[1-9]/.test(v), 'amount must be more than zero'),
    reason: z
      .string({ message: 'reason is required' })
      .trim()
      .min(1, { message: 'reason is required' })
      .max(200),
    idempotencyKey: z.string({ message: 'idempotencyKey is required' }).trim().min(8).max(100),
  }),
  output: walletView.extend({ transactionId: z.number().int(), duplicate: z.boolean() }),
});
