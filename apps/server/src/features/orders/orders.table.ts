import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Orders (reference §1.9 `orders`): what a member pays for, in fen. A pending order is paid once: the status
 * change, the ledger posting and the kind's side effects commit together.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderSn: varchar('order_sn', { length: 22 }).notNull().unique('orders_order_sn_uq'),
    type: smallint('type').notNull(),
    status: smallint('status').notNull().default(0),
    amountFen: bigint('amount_fen', { mode: 'bigint' }).notNull(),
    /** The payer. */
    userId: integer('user_id').notNull(),
    payeeId: integer('payee_id'),
    threadId: integer('thread_id'),
    groupId: integer('group_id'),
    paymentType: smallint('payment_type'),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    title: text('title').notNull().default(''),
    /** What the kind needs beyond the columns (red-packet and reward parts of a merged order, ...). */
    extra: jsonb('extra').notNull().default({}),
    /** The client's key of `order.create`: a repeat answers this order. */
    createKey: text('create_key'),
    /** The client's key of the payment and its first answer. */
    payKey: text('pay_key'),
    payResult: jsonb('pay_result'),
    /** The provider that was asked to collect the money, and its own transaction number once paid. */
    provider: text('provider'),
    providerTradeNo: text('provider_trade_no'),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('orders_create_key_uq').on(t.userId, t.createKey),
    index('orders_user_idx').on(t.userId, t.id.desc()),
    // The reconciliation job's scan: pending orders by age.
    index('orders_pending_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 0`),
    check('orders_amount_ck', sql`${t.amountFen} > 0`),
    // A thread's tippers and paid readers (`thread.likedusers`), newest first: paid orders by thread and type.
    index('orders_thread_paid_idx')
      .on(t.threadId, t.type, t.paidAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 1 and ${t.threadId} is not null`),
  ],
);

/**
 * The parts of a merged order (reference §1.9 `order_children`, order type 11): one row per block it pays, its
 * type (9 red packet, 10 bounty), its share of the amount in fen and the block (`red_packets.id` /
 * `thread_rewards.id`). Written with the order; the parts sum to the order's amount.
 */
export const orderChildren = pgTable(
  'order_children',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderSn: varchar('order_sn', { length: 22 }).notNull(),
    type: smallint('type').notNull(),
    amountFen: bigint('amount_fen', { mode: 'bigint' }).notNull(),
    blockId: integer('block_id'),
  },
  (t) => [
    unique('order_children_order_type_uq').on(t.orderId, t.type),
    check('order_children_amount_ck', sql`${t.amountFen} > 0`),
  ],
);

/**
 * Every payment callback a provider sent (reference §1.9 `pay_notify`), verified or not: the event id is
 * unique, so a replay is seen and changes nothing.
 */
export const payNotifies = pgTable(
  'pay_notifies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    orderSn: text('order_sn'),
    verified: boolean('verified').notNull(),
    /** What we did with it: paid, duplicate, refused: <why>. */
    outcome: text('outcome').notNull(),
    raw: text('raw').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('pay_notifies_event_uq').on(t.provider, t.eventId)],
);

/** Pay-password failures per day (the original allows 5) and the token of a pending change. */
export const payPasswordGuards = pgTable('pay_password_guards', {
  userId: integer('user_id').primaryKey(),
  day: date('day', { mode: 'string' }).notNull(),
  failures: integer('failures').notNull().default(0),
  resetTokenHash: text('reset_token_hash'),
  resetExpiresAt: timestamp('reset_expires_at', { withTimezone: true }),
});
