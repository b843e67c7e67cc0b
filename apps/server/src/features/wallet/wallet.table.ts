import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/**
 * Ledger accounts: one per member and kind (available, frozen) and one per system kind (user_id null).
 * Accounts are never deleted, so their ids can be cached by callers.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // NULLS NOT DISTINCT: a system account (no user) must exist once per kind too.
    unique('ledger_accounts_kind_user_uq').on(t.kind, t.userId).nullsNotDistinct(),
    check('ledger_accounts_member_kind_ck', sql`(${t.kind} LIKE 'member_%') = (${t.userId} IS NOT NULL)`),
  ],
);

/**
 * One balanced movement (append-only): reason is the original's wallet-log type of the movement (its entries
 * may carry their own, e.g. the payee's income); the idempotency key is
 * claimed by inserting this row, and `result` holds the first answer, filled once in the same transaction.
 */
export const ledgerTransactions = pgTable('ledger_transactions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  reason: integer('reason').notNull(),
  idempotencyKey: text('idempotency_key').unique('ledger_transactions_key_uq'),
  actorId: integer('actor_id'),
  memo: text('memo').notNull().default(''),
  /** What was asked (reason and moves), so a key reused for a different request is refused. */
  fingerprint: text('fingerprint'),
  result: jsonb('result'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Entries (append-only): signed fen on one account; a transaction's entries sum to zero (checked at commit).
 * `reason` is the line's own wallet-log type (the payee's income in the payer's posting); it defaults to the
 * transaction's.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    reason: integer('reason').notNull(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.id.desc()),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    check('ledger_entries_nonzero_ck', sql`${t.amount} <> 0`),
  ],
);

/** Member balances (reference §1.9 `user_wallets`), kept with the entries in the same transaction. */
export const wallets = pgTable(
  'wallets',
  {
    userId: integer('user_id').primaryKey(),
    available: bigint('available', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    frozen: bigint('frozen', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    status: smallint('status').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('wallets_balance_ck', sql`${t.available} >= 0 AND ${t.frozen} >= 0`),
    check('wallets_status_ck', sql`${t.status} IN (0, 1)`),
  ],
);
