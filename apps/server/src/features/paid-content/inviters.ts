import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../platform/db/db.js';

/** A member's inviter and the commission they earn, in tenths (reference §1.10 `user_distributions`). */
export interface Inviter {
  inviterId: number;
  scale: number;
}

let tableSeen = false;

/**
 * The inviter who earns commission on what `userId` pays, or null. The invites feature owns the
 * `user_distributions` table (user_id, inviter_id, be_scale, is_subordinate, is_commission); until it exists
 * in this database nobody has one (checked without an error, so the caller's transaction stays usable).
 */
export async function inviterOf(db: DbOrTx, userId: number): Promise<Inviter | null> {
  if (!tableSeen) {
    const [r] = await rowsOf<{ ok: boolean }>(
      db,
      sql`SELECT to_regclass('user_distributions') IS NOT NULL AS ok`,
    );
    if (!r?.ok) return null;
    tableSeen = true;
  }
  // `is_commission::int` reads a boolean or a 0/1 column alike.
  const [row] = await rowsOf<{ inviter_id: number; be_scale: number }>(
    db,
    sql`SELECT inviter_id, be_scale FROM user_distributions
         WHERE user_id = ${userId} AND is_commission::int = 1 AND inviter_id IS NOT NULL
           AND inviter_id <> user_id
         LIMIT 1`,
  );
  if (!row || Number(row.be_scale) <= 0) return null;
  return { inviterId: Number(row.inviter_id), scale: Number(row.be_scale) };
}
