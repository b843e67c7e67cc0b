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
  return (await invitersOf(db, [userId])).get(userId) ?? null;
}

/** The inviters earning commission on what these members pay, by member (a `Loader`'s batch). */
export async function invitersOf(db: DbOrTx, userIds: number[]): Promise<Map<number, Inviter>> {
  const rows = await rowsOf<{ user_id: number; inviter_id: number; be_scale: number }>(
    db,
    sql`SELECT DISTINCT ON (user_id) user_id, inviter_id, be_scale FROM user_distributions
         WHERE user_id = ANY(${sql.param(userIds)}::int[]) AND is_commission AND inviter_id IS NOT NULL
           AND inviter_id <> user_id
         ORDER BY user_id`,
  );
  return new Map(
    rows
      .filter((r) => Number(r.be_scale) > 0)
      .map((r) => [Number(r.user_id), { inviterId: Number(r.inviter_id), scale: Number(r.be_scale) }]),
  );
}
