import { index, integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Text message codes (reference §1.1 `mobile_codes`). Only a salted hash of the code is kept; a row is spent
 * once (`used_at`), in the same transaction as what it allows.
 */
export const mobileCodes = pgTable(
  'mobile_codes',
  {
    id: serial('id').primaryKey(),
    mobile: varchar('mobile', { length: 20 }).notNull(),
    type: varchar('type', { length: 20 }).notNull(),
    /** hex sha256(salt + code). */
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    salt: varchar('salt', { length: 32 }).notNull(),
    /** The account a code was sent for (verify, reset pay password, bind, rebind); null for guests. */
    userId: integer('user_id'),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    /** Wrong answers so far; the code is spent after too many. */
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mobile_codes_mobile_idx').on(t.mobile, t.createdAt),
    index('mobile_codes_ip_idx').on(t.ip, t.createdAt),
  ],
);
