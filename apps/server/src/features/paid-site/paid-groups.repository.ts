import { and, desc, eq, isNull, lte } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/db.js';
import { groupUser } from '../groups/index.js';
import { groupPaidUsers, groupUserMqs } from './paid-site.table.js';

/** A member's group row, locked while a purchase or the expiry job changes it. */
export async function lockMembership(tx: Tx, userId: number) {
  const rows = await tx.select().from(groupUser).where(eq(groupUser.userId, userId)).for('update');
  return rows[0] ?? null;
}

/** Ends the open history rows of a member's paid group (1 expired, 2 administrator, 3 bought again). */
export async function closeHistory(
  tx: Tx,
  userId: number,
  groupId: number,
  deleteType: number,
): Promise<void> {
  await tx
    .update(groupPaidUsers)
    .set({ deleteType, deletedAt: new Date() })
    .where(
      and(
        eq(groupPaidUsers.userId, userId),
        eq(groupPaidUsers.groupId, groupId),
        isNull(groupPaidUsers.deletedAt),
      ),
    );
}

export async function addHistory(tx: Tx, row: typeof groupPaidUsers.$inferInsert): Promise<void> {
  await tx.insert(groupPaidUsers).values(row);
}

/** A member's paid-group history, newest first. */
export function history(db: DbOrTx, userId: number) {
  return db
    .select()
    .from(groupPaidUsers)
    .where(eq(groupPaidUsers.userId, userId))
    .orderBy(desc(groupPaidUsers.id));
}

/** Queues the unused days of a lower paid group left by an upgrade. */
export async function queueRemainDays(
  tx: Tx,
  userId: number,
  groupId: number,
  remainDays: number,
): Promise<void> {
  await tx.insert(groupUserMqs).values({ userId, groupId, remainDays });
}

/** Takes the most recent queued days of a member (removing them), if any. */
export async function popRemainDays(tx: Tx, userId: number) {
  const rows = await tx
    .select()
    .from(groupUserMqs)
    .where(eq(groupUserMqs.userId, userId))
    .orderBy(desc(groupUserMqs.id))
    .limit(1)
    .for('update');
  const row = rows[0];
  if (row) await tx.delete(groupUserMqs).where(eq(groupUserMqs.id, row.id));
  return row ?? null;
}

/** Members whose group has lapsed (paid groups and the experience group), a batch at a time. */
export function lapsedMembers(db: DbOrTx, now: Date, limit: number) {
  return db
    .select({ userId: groupUser.userId })
    .from(groupUser)
    .where(lte(groupUser.expiresAt, now))
    .orderBy(groupUser.userId)
    .limit(limit);
}

/** Days left until `end`, rounded up (a started day counts). */
export function daysLeft(end: Date | null, now: Date): number {
  if (!end) return 0;
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / 86_400_000));
}

/** `start` plus whole days. */
export function plusDays(start: Date, days: number): Date {
  return new Date(start.getTime() + days * 86_400_000);
}
