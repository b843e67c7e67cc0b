import { eq, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../platform/db/db.js';
import { payPasswordGuards } from './orders.table.js';

/** Wrong pay passwords today (the day of the database's clock). */
export async function failuresToday(db: DbOrTx, userId: number): Promise<number> {
  const rows = await rowsOf<{ failures: number }>(
    db,
    sql`SELECT failures FROM pay_password_guards WHERE user_id = ${userId} AND day = current_date`,
  );
  return rows[0]?.failures ?? 0;
}

/** Counts one more wrong try today (yesterday's count starts over); answers today's total. */
export async function addFailure(db: DbOrTx, userId: number): Promise<number> {
  const rows = await rowsOf<{ failures: number }>(
    db,
    sql`INSERT INTO pay_password_guards (user_id, day, failures) VALUES (${userId}, current_date, 1)
        ON CONFLICT (user_id) DO UPDATE SET
          failures = CASE WHEN pay_password_guards.day = current_date THEN pay_password_guards.failures + 1 ELSE 1 END,
          day = current_date
        RETURNING failures`,
  );
  return rows[0]!.failures;
}

/** A right pay password clears the count. */
export async function clearFailures(db: DbOrTx, userId: number): Promise<void> {
  await db.update(payPasswordGuards).set({ failures: 0 }).where(eq(payPasswordGuards.userId, userId));
}

/** Stores the hash of a new change token (one at a time). */
export async function storeResetToken(
  db: DbOrTx,
  userId: number,
  hash: string,
  expiresAt: Date,
): Promise<void> {
  await db
    .insert(payPasswordGuards)
    .values({
      userId,
      day: sql`current_date` as unknown as string,
      resetTokenHash: hash,
      resetExpiresAt: expiresAt,
    })
    .onConflictDoUpdate({
      target: payPasswordGuards.userId,
      set: { resetTokenHash: hash, resetExpiresAt: expiresAt },
    });
}

/** The pending change token's hash and expiry. */
export async function resetToken(
  db: DbOrTx,
  userId: number,
): Promise<{ hash: string; expiresAt: Date } | null> {
  const rows = await db.select().from(payPasswordGuards).where(eq(payPasswordGuards.userId, userId));
  const r = rows[0];
  return r?.resetTokenHash && r.resetExpiresAt
    ? { hash: r.resetTokenHash, expiresAt: r.resetExpiresAt }
    : null;
}

/** A used token is gone. */
export async function clearResetToken(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(payPasswordGuards)
    .set({ resetTokenHash: null, resetExpiresAt: null })
    .where(eq(payPasswordGuards.userId, userId));
}
