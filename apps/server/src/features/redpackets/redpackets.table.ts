import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Red packets (tom 106, reference §1.3 `thread_red_packets`): one per thread, in fen. Status 0 awaits its
 * order, 1 is paid (the money sits in `escrow_red_packet`) and open, 2 is over (all taken, or refunded).
 */
export const redPackets = pgTable(
  'red_packets',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id').notNull().unique('red_packets_thread_uq'),
    /** The thread's author: pays, and gets the remainder back on expiry. */
    userId: integer('user_id').notNull(),
    rule: smallint('rule').notNull(),
    condition: smallint('condition').notNull(),
    likenum: integer('likenum').notNull().default(0),
    number: integer('number').notNull(),
    amountFen: bigint('amount_fen', { mode: 'bigint' }).notNull(),
    remainNumber: integer('remain_number').notNull(),
    remainFen: bigint('remain_fen', { mode: 'bigint' }).notNull(),
    status: smallint('status').notNull().default(0),
    orderSn: varchar('order_sn', { length: 22 }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('red_packets_open_idx').on(t.status, t.expiresAt),
    check('red_packets_remain_ck', sql`${t.remainFen} >= 0 and ${t.remainNumber} >= 0`),
  ],
);

/** One member's share of a red packet: at most one per member. */
export const redPacketGrants = pgTable(
  'red_packet_grants',
  {
    id: serial('id').primaryKey(),
    redPacketId: integer('red_packet_id').notNull(),
    userId: integer('user_id').notNull(),
    /** The reply that qualified. */
    postId: integer('post_id'),
    amountFen: bigint('amount_fen', { mode: 'bigint' }).notNull(),
    transactionId: integer('transaction_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('red_packet_grants_user_uq').on(t.redPacketId, t.userId)],
);

/**
 * Bounties (tom 107, reference §1.3 `thread_rewards`): one per thread; status as red packets. Type 0 lets
 * anyone answer, 1 a designated member (`answerId`).
 */
export const threadRewards = pgTable(
  'thread_rewards',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id').notNull().unique('thread_rewards_thread_uq'),
    userId: integer('user_id').notNull(),
    type: smallint('type').notNull(),
    answerId: integer('answer_id'),
    amountFen: bigint('amount_fen', { mode: 'bigint' }).notNull(),
    remainFen: bigint('remain_fen', { mode: 'bigint' }).notNull(),
    status: smallint('status').notNull().default(0),
    expiredAt: timestamp('expired_at', { withTimezone: true }).notNull(),
    orderSn: varchar('order_sn', { length: 22 }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('thread_rewards_open_idx').on(t.status, t.expiredAt),
    check('thread_rewards_remain_ck', sql`${t.remainFen} >= 0`),
  ],
);

/** Money out of a bounty: the author's reward of one reply, or an expiry share (postId null). */
export const rewardPayouts = pgTable(
  'reward_payouts',
  {
    id: serial('id').primaryKey(),
    rewardId: integer('reward_id').notNull(),
    postId: integer('post_id'),
    userId: integer('user_id').notNull(),
    amountFen: bigint('amount_fen', { mode: 'bigint' }).notNull(),
    transactionId: integer('transaction_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('reward_payouts_post_uq').on(t.rewardId, t.postId)],
);
