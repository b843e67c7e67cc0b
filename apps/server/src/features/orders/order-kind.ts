import { OrderType, WalletReason, type OrderCreateInput } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import type { DbOrTx, Tx } from '../../platform/db/db.js';
import type { Move } from '../wallet/index.js';
import type { OrderChildRow, OrderRow } from './orders.repository.js';

/** One part of a merged order as its kind prepares it: the part's order type, its fen and its block. */
export interface OrderPart {
  type: number;
  amountFen: bigint;
  blockId?: number | null;
}

/** What a paid order did, for its kind's `afterPaid`: the moves `credits` answered and what `fulfil` answered. */
export interface PaidOutcome {
  credits: Move[];
  fulfilled: unknown;
}

/** What a kind's `prepare` answers: the amount and the parties of the new order. */
export interface PreparedOrder {
  amountFen: bigint;
  /** A `split` kind's parts (stored in `order_children`), summing to `amountFen`. */
  children?: OrderPart[];
  payeeId?: number | null;
  threadId?: number | null;
  groupId?: number | null;
  title?: string;
  /** Anything else the kind needs when the order is paid (stored with the order). */
  extra?: Record<string, unknown>;
}

/** What `credits` and `fulfil` get: the paying transaction and the order's parts (none but a split kind's). */
export interface PaidContext {
  tx: Tx;
  children: OrderChildRow[];
}

/**
 * What `prepare` and `credits` get: a transaction, or the pool for a `walletBatch` kind, whose reads run before
 * the batch that writes its payments.
 */
export interface ReadContext {
  tx: DbOrTx;
  children: OrderChildRow[];
  /** True outside a transaction, for a batched payment: reads may go through loaders shared by requests. */
  batched?: boolean;
}

/**
 * One order type's rules. Money features register theirs with `orders.registerKind`; the order service does
 * the rest (permissions, the order row, payment, the ledger posting, idempotency, expiry).
 */
export interface OrderKind {
  /** The original's order type. */
  type: number;
  /** Extra permission beyond `order.create` (optional). */
  permission?: string;
  /**
   * Optional reads before the create transaction: anything asked of other features' services (which use
   * their own pooled connections). Asked inside the transaction, every busy create would hold one connection
   * while waiting for another, and under load the pool starves. Throws to refuse.
   */
  check?(actor: Actor, input: OrderCreateInput): Promise<void>;
  /** Checks the create input inside the create transaction (through `tx` only); returns the amount and parties. */
  prepare(
    ctx: { tx: DbOrTx; actor: Actor; batched?: boolean },
    input: OrderCreateInput,
  ): Promise<PreparedOrder>;
  /** Who gets the money once paid: ledger moves summing to +order.amount (e.g. author 80 %, site 20 %). */
  credits(ctx: ReadContext, order: OrderRow): Promise<Move[]>;
  /**
   * Side effects of a paid order, in the same transaction as the money (grant access, join group, ...). What it
   * answers (say the group's new end) reaches `afterPaid` as `fulfilled`.
   */
  fulfil?(ctx: PaidContext, order: OrderRow): Promise<unknown>;
  /**
   * After the paid order's transaction has committed: work that must see the committed state, such as
   * dropping cached sessions once a purchase changed the payer's group, or telling the members paid. Failures
   * are logged, never undo the payment.
   */
  afterPaid?(order: OrderRow, outcome: PaidOutcome): Promise<void>;
  /** Optional: the wallet-log reason of the payer's debit (default a sensible one per type). */
  payerReason?: number;
  /** False when the wallet may not pay this kind (a recharge must bring money in). Default true. */
  wallet?: boolean;
  /**
   * True for a kind whose orders pay for several things at once (the merged order, type 11): `prepare` answers
   * the parts, which are stored and shown with the order, and the payer's debit is one ledger line per part,
   * each with its own part type's wallet-log reason.
   */
  split?: boolean;
  /**
   * Lets concurrent one-call wallet payments of this kind be written together, one statement and one commit for
   * a whole batch (`order_pay_wallet_batch`, migration 0020). Such a kind's `prepare` and `credits` only read
   * (they run on the pool before the batch; a later change of what they read is like an order created a moment
   * earlier) and the unique rules of what it sells live in the database; its fulfil is `fulfilSql`, the name of
   * a SQL function taking the paid `orders` row (raising to refuse), instead of `fulfil`.
   */
  walletBatch?: { fulfilSql?: string };
}

/** The payer's wallet-log type per order type, the original's expense types where it has one. */
const PAYER_REASONS: Record<number, number> = {
  [OrderType.REGISTER]: WalletReason.EXPEND_REGISTER,
  [OrderType.REWARD]: WalletReason.REWARD_EXPENSE,
  [OrderType.THREAD]: WalletReason.EXPEND_THREAD,
  [OrderType.GROUP]: WalletReason.EXPEND_GROUP,
  [OrderType.ATTACHMENT]: WalletReason.EXPEND_ATTACHMENT,
  [OrderType.RENEW]: WalletReason.EXPEND_RENEW,
  [OrderType.RECHARGE]: WalletReason.RECHARGE,
};

/** The payer's wallet-log type when a kind names none. */
export function defaultPayerReason(type: number): number {
  return PAYER_REASONS[type] ?? WalletReason.ORDER_PAYMENT;
}
