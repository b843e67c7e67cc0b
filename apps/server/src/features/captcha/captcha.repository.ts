import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
import { captchaSpent } from './captcha.table.js';

/** Records a ticket as answered; false when it already was. */
export async function spendTicket(db: DbOrTx, ticketHash: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(captchaSpent)
    .values({ ticketHash, expiresAt })
    .onConflictDoNothing()
    .returning({ h: captchaSpent.ticketHash });
  return rows.length === 1;
}

/** Forgets tickets past their expiry (they fail on their own expiry check anyway). */
export async function dropExpiredTickets(db: DbOrTx): Promise<void> {
  await db.delete(captchaSpent).where(lt(captchaSpent.expiresAt, sql`now()`));
}
