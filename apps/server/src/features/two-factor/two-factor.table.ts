import { bigint, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/** A member's authenticator (TOTP) secret; `enabled_at` is set once a first code proved the enrolment. */
export const userTotp = pgTable('user_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: varchar('secret', { length: 64 }).notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The last step counter accepted: codes at or below it are refused (no replay). */
  lastCounter: bigint('last_counter', { mode: 'number' }).notNull().default(0),
  /** sha256 hashes of the unused recovery codes; each is removed when used. */
  recoveryHashes: text('recovery_hashes').array().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
