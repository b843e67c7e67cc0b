import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Withdrawal requests (reference §1.9 `user_wallet_cash`): fen amounts, status 1 pending, 2 approved,
 * 3 rejected, 4 awaiting payout, 5 paid, 6 failed. The applied amount sits in the member's frozen balance
 * until the request is rejected, paid or failed. The idempotency key (per member) makes a retried
 * application answer the first one.
 */
export const walletCash = pgTable(
  'wallet_cash',
  {
    id: serial('id').primaryKey(),
    cashSn: text('cash_sn').notNull().unique('wallet_cash_sn_uq'),
    userId: integer('user_id').notNull(),
    applyFen: bigint('apply_fen', { mode: 'bigint' }).notNull(),
    feeFen: bigint('fee_fen', { mode: 'bigint' }).notNull(),
    actualFen: bigint('actual_fen', { mode: 'bigint' }).notNull(),
    receiveAccount: text('receive_account').notNull(),
    status: smallint('status').notNull().default(1),
    remark: text('remark').notNull().default(''),
    reviewerId: integer('reviewer_id'),
    idempotencyKey: text('idempotency_key').notNull().unique('wallet_cash_key_uq'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the request was paid out or failed. */
    tradeTime: timestamp('trade_time', { withTimezone: true }),
  },
  (t) => [
    index('wallet_cash_user_idx').on(t.userId, t.id.desc()),
    index('wallet_cash_status_idx').on(t.status, t.id.desc()),
    check('wallet_cash_status_ck', sql`${t.status} BETWEEN 1 AND 6`),
    check(
      'wallet_cash_amounts_ck',
      sql`${t.applyFen} > 0 AND ${t.feeFen} >= 0 AND ${t.actualFen} = ${t.applyFen} - ${t.feeFen}`,
    ),
  ],
);
