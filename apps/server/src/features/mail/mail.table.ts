import { index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/**
 * Links sent by email: `verify` (an address to confirm, which becomes the account's address when its link is
 * followed) and `reset` (a new password). Only the SHA-256 of a link's token is kept; a row is spent once
 * (`used_at`), in the same transaction as what it allows, and dies at `expires_at`.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 10 }).notNull(),
    /** The address the link went to. */
    email: varchar('email', { length: 254 }).notNull(),
    /** hex sha256 of the token in the link. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_tokens_hash_uq').on(t.tokenHash),
    index('email_tokens_user_idx').on(t.userId, t.purpose, t.createdAt),
  ],
);
