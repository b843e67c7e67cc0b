import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
import { userTotp } from './two-factor.table.js';

/** A member's authenticator row. */
export type TotpRow = typeof userTotp.$inferSelect;

/** The row of a user, enrolled or pending. */
export async function findTotp(db: DbOrTx, userId: number): Promise<TotpRow | null> {
  const rows = await db.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
  return rows[0] ?? null;
}

/** Starts (or restarts) an enrolment with a new secret; an enabled one is left alone (false). */
export async function startEnrolment(db: DbOrTx, userId: number, secret: string): Promise<boolean> {
  const rows = await db
    .insert(userTotp)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secret, lastCounter: 0, recoveryHashes: [], createdAt: new Date() },
      where: sql`${userTotp.enabledAt} IS NULL`,
    })
    .returning({ userId: userTotp.userId });
  return rows.length === 1;
}

/** Accepts a step counter once: false when it is not newer than the last one used. */
export async function useCounter(db: DbOrTx, userId: number, counter: number): Promise<boolean> {
  const rows = await db
    .update(userTotp)
    .set({ lastCounter: counter })
    .where(and(eq(userTotp.userId, userId), lt(userTotp.lastCounter, counter)))
    .returning({ userId: userTotp.userId });
  return rows.length === 1;
}

/** Finishes an enrolment with its recovery codes. */
export async function enable(db: DbOrTx, userId: number, recoveryHashes: string[]): Promise<void> {
  await db.update(userTotp).set({ enabledAt: new Date(), recoveryHashes }).where(eq(userTotp.userId, userId));
}

/** Spends one recovery code: false when the user has no such unused code. */
export async function useRecovery(db: DbOrTx, userId: number, hash: string): Promise<boolean> {
  const rows = await db
    .update(userTotp)
    .set({ recoveryHashes: sql`array_remove(${userTotp.recoveryHashes}, ${hash})` })
    .where(
      and(
        eq(userTotp.userId, userId),
        isNotNull(userTotp.enabledAt),
        sql`${hash} = ANY(${userTotp.recoveryHashes})`,
      ),
    )
    .returning({ userId: userTotp.userId });
  return rows.length === 1;
}

/** Removes a user's authenticator. */
export async function removeTotp(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(userTotp).where(eq(userTotp.userId, userId));
}
