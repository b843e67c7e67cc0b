import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../platform/db/db.js';

/** A member's inviter and the commission they earn, in tenths (reference §1.10 `user_distributions`). */
export interface Inviter {
  inviterId: number;
  scale: number;
}

/**
 * The inviter who earns commission on what `userId` pays, or null (the invites feature's
 * `user_distributions`: user_id, inviter_id, be_scale, is_subordinate, is_commission).
 */
export async function inviterOf(db: DbOrTx, userId: number): Promise<Inviter | null> {
  const [row] = await rowsOf<{ inviter_id: number; be_scale: number }>(
    db,
    sql`SELECT inviter_id, be_scale FROM user_distributions
         WHERE user_id = ${userId} AND is_commission AND inviter_id IS NOT NULL
           AND inviter_id <> user_id
         LIMIT 1`,
  );
  if (!row || Number(row.be_scale) <= 0) return null;
  return { inviterId: Number(row.inviter_id), scale: Number(row.be_scale) };
}
