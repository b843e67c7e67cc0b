import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/db.js';
import { groupUser, users } from '../../schema.js';
import type { UserRow } from '../users/index.js';
import { denyUsers, userFollow } from './follows.table.js';

/** Locks the users' rows in id order (every follow and block writer does, so none deadlock); the ids that exist. */
export async function lockUsers(tx: Tx, ids: number[]): Promise<Set<number>> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(users.id)
    .for('update');
  return new Set(rows.map((r) => r.id));
}

/** Whether `userId` blocked `other`. */
export async function hasBlocked(db: DbOrTx, userId: number, other: number): Promise<boolean> {
  const rows = await db
    .select({ id: denyUsers.userId })
    .from(denyUsers)
    .where(and(eq(denyUsers.userId, userId), eq(denyUsers.denyUserId, other)))
    .limit(1);
  return rows.length > 0;
}

/** Adds a follow and moves both counters; false when it already existed. Marks the pair mutual if it is. */
export async function addFollow(
  tx: Tx,
  from: number,
  to: number,
): Promise<{ added: boolean; isMutual: boolean }> {
  const inserted = await tx
    .insert(userFollow)
    .values({ fromUserId: from, toUserId: to })
    .onConflictDoNothing()
    .returning({ from: userFollow.fromUserId });
  const back = await tx
    .update(userFollow)
    .set({ isMutual: true })
    .where(and(eq(userFollow.fromUserId, to), eq(userFollow.toUserId, from)))
    .returning({ from: userFollow.fromUserId });
  const isMutual = back.length > 0;
  if (isMutual) await tx.update(userFollow).set({ isMutual: true }).where(pairRow(from, to));
  if (inserted.length) await bumpCounts(tx, from, to, 1);
  return { added: inserted.length > 0, isMutual };
}

/** Removes a follow and moves both counters; false when there was none. The reverse row is no longer mutual. */
export async function removeFollow(tx: Tx, from: number, to: number): Promise<boolean> {
  const deleted = await tx
    .delete(userFollow)
    .where(pairRow(from, to))
    .returning({ from: userFollow.fromUserId });
  if (!deleted.length) return false;
  await tx.update(userFollow).set({ isMutual: false }).where(pairRow(to, from));
  await bumpCounts(tx, from, to, -1);
  return true;
}

function pairRow(from: number, to: number) {
  return and(eq(userFollow.fromUserId, from), eq(userFollow.toUserId, to));
}

async function bumpCounts(tx: Tx, from: number, to: number, d: number): Promise<void> {
  await tx
    .update(users)
    .set({
      followCount: sql`greatest(${users.followCount} + case when ${users.id} = ${from} then ${d} else 0 end, 0)`,
      fansCount: sql`greatest(${users.fansCount} + case when ${users.id} = ${to} then ${d} else 0 end, 0)`,
    })
    .where(inArray(users.id, [from, to]));
}

/** A user's follow and fan counts. */
export async function countsOf(
  db: DbOrTx,
  userId: number,
): Promise<{ followCount: number; fansCount: number }> {
  const rows = await db
    .select({ followCount: users.followCount, fansCount: users.fansCount })
    .from(users)
    .where(eq(users.id, userId));
  return rows[0] ?? { followCount: 0, fansCount: 0 };
}

/** Blocks a user (idempotent). */
export async function addBlock(tx: Tx, userId: number, other: number): Promise<void> {
  await tx.insert(denyUsers).values({ userId, denyUserId: other }).onConflictDoNothing();
}

/** Unblocks a user (idempotent). */
export async function removeBlock(db: DbOrTx, userId: number, other: number): Promise<void> {
  await db.delete(denyUsers).where(and(eq(denyUsers.userId, userId), eq(denyUsers.denyUserId, other)));
}

/** A page of users with their group: whom `userId` follows (1), their fans (2), or whom they blocked (3). */
export async function listPeople(
  db: DbOrTx,
  userId: number,
  kind: 1 | 2 | 3,
  limit: number,
  offset: number,
): Promise<{ rows: Array<{ user: UserRow; groupId: number | null }>; total: number }> {
  const [source, owner, other, at] =
    kind === 3
      ? [denyUsers, denyUsers.userId, denyUsers.denyUserId, denyUsers.createdAt]
      : kind === 1
        ? [userFollow, userFollow.fromUserId, userFollow.toUserId, userFollow.createdAt]
        : [userFollow, userFollow.toUserId, userFollow.fromUserId, userFollow.createdAt];
  const [rows, total] = await Promise.all([
    db
      .select({ user: users, groupId: groupUser.groupId })
      .from(source)
      .innerJoin(users, eq(users.id, other))
      .leftJoin(groupUser, eq(groupUser.userId, users.id))
      .where(eq(owner, userId))
      .orderBy(desc(at))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(source)
      .where(eq(owner, userId)),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** The viewer's follow state (0/1/2) and block flag towards some users. */
export async function relationsOf(
  db: DbOrTx,
  viewerId: number,
  ids: number[],
): Promise<Map<number, { follow: 0 | 1 | 2; isDeny: boolean }>> {
  const out = new Map<number, { follow: 0 | 1 | 2; isDeny: boolean }>();
  if (!ids.length) return out;
  const [follows, blocks] = await Promise.all([
    db
      .select({ id: userFollow.toUserId, mutual: userFollow.isMutual })
      .from(userFollow)
      .where(and(eq(userFollow.fromUserId, viewerId), inArray(userFollow.toUserId, ids))),
    db
      .select({ id: denyUsers.denyUserId })
      .from(denyUsers)
      .where(and(eq(denyUsers.userId, viewerId), inArray(denyUsers.denyUserId, ids))),
  ]);
  for (const id of ids) out.set(id, { follow: 0, isDeny: false });
  for (const f of follows) out.get(f.id)!.follow = f.mutual ? 2 : 1;
  for (const b of blocks) out.get(b.id)!.isDeny = true;
  return out;
}

/** Ids a user follows (the home page's followed tab). */
export async function followeeIds(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: userFollow.toUserId })
    .from(userFollow)
    .where(eq(userFollow.fromUserId, userId));
  return rows.map((r) => r.id);
}

/** Whether either user blocked the other (messages, mentions and follows are refused both ways). */
export async function blockedEitherWay(db: DbOrTx, a: number, b: number): Promise<boolean> {
  const rows = await db
    .select({ id: denyUsers.userId })
    .from(denyUsers)
    .where(
      sql`(${denyUsers.userId} = ${a} and ${denyUsers.denyUserId} = ${b}) or (${denyUsers.userId} = ${b} and ${denyUsers.denyUserId} = ${a})`,
    )
    .limit(1);
  return rows.length > 0;
}

/** Of `userIds`, those who blocked `actorId` (they get no notification or mention from them). */
export async function blockersOf(
  db: DbOrTx,
  actorId: number,
  userIds: readonly number[],
): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const rows = await db
    .select({ id: denyUsers.userId })
    .from(denyUsers)
    .where(and(eq(denyUsers.denyUserId, actorId), inArray(denyUsers.userId, [...userIds])));
  return new Set(rows.map((r) => r.id));
}
