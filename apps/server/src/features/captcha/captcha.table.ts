import { pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Captcha tickets already answered: each is accepted once, on any instance, until it expires. */
export const captchaSpent = pgTable('captcha_spent', {
  ticketHash: varchar('ticket_hash', { length: 64 }).primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
