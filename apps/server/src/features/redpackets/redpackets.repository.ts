import { and, asc, eq, isNull, lte, min, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
import { posts } from '../posts/index.js';
import { threads } from '../threads/index.js';
import { redPacketGrants, redPackets, rewardPayouts, threadRewards } from './redpackets.table.js';

/** Stored rows. */
export type RedPacketRow = typeof redPackets.$inferSelect;
export type RewardRow = typeof threadRewards.$inferSelect;
export type GrantRow = typeof redPacketGrants.$inferSelect;

/** The thread's red packet; `lock` serialises grabs, payment and expiry on it. */
export async function packetByThread(
  db: DbOrTx,
  threadId: number,
  lock = false,
): Promise<RedPacketRow | null> {
  const q = db.select().from(redPackets).where(eq(redPackets.threadId, threadId));
  return (lock ? await q.for('update') : await q)[0] ?? null;
}

/** Inserts or changes the thread's (unpaid) red packet. */
export async function upsertPacket(db: DbOrTx, row: typeof redPackets.$inferInsert): Promise<RedPacketRow> {
  const { threadId: _t, ...set } = row;
  const rows = await db
    .insert(redPackets)
    .values(row)
    .onConflictDoUpdate({ target: redPackets.threadId, set })
    .returning();
  return rows[0]!;
}

export async function updatePacket(
  db: DbOrTx,
  id: number,
  patch: Partial<RedPacketRow>,
): Promise<RedPacketRow> {
  return (await db.update(redPackets).set(patch).where(eq(redPackets.id, id)).returning())[0]!;
}

export async function deletePacket(db: DbOrTx, id: number): Promise<void> {
  await db.delete(redPackets).where(eq(redPackets.id, id));
}

/** A member's share of a packet. */
export async function grantOf(db: DbOrTx, redPacketId: number, userId: number): Promise<GrantRow | null> {
  const rows = await db
    .select()
    .from(redPacketGrants)
    .where(and(eq(redPacketGrants.redPacketId, redPacketId), eq(redPacketGrants.userId, userId)));
  return rows[0] ?? null;
}

export async function insertGrant(db: DbOrTx, row: typeof redPacketGrants.$inferInsert): Promise<void> {
  await db.insert(redPacketGrants).values(row);
}

/** Open packets past their expiry (ids, oldest first). */
export async function duePackets(db: DbOrTx, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ threadId: redPackets.threadId })
    .from(redPackets)
    .where(and(eq(redPackets.status, 1), lte(redPackets.expiresAt, now)))
    .orderBy(asc(redPackets.expiresAt))
    .limit(limit);
  return rows.map((r) => r.threadId);
}

/** The thread's author and state, for the order kinds and the notices. */
export async function threadOf(db: DbOrTx, threadId: number) {
  const rows = await db
    .select({
      userId: threads.userId,
      isDraft: threads.isDraft,
      title: threads.title,
      isAnonymous: threads.isAnonymous,
    })
    .from(threads)
    .where(and(eq(threads.id, threadId), isNull(threads.deletedAt)));
  return rows[0] ?? null;
}

/** The thread's bounty; `lock` serialises payouts, payment and expiry on it. */
export async function rewardByThread(db: DbOrTx, threadId: number, lock = false): Promise<RewardRow | null> {
  const q = db.select().from(threadRewards).where(eq(threadRewards.threadId, threadId));
  return (lock ? await q.for('update') : await q)[0] ?? null;
}

export async function upsertReward(db: DbOrTx, row: typeof threadRewards.$inferInsert): Promise<RewardRow> {
  const { threadId: _t, ...set } = row;
  const rows = await db
    .insert(threadRewards)
    .values(row)
    .onConflictDoUpdate({ target: threadRewards.threadId, set })
    .returning();
  return rows[0]!;
}

export async function updateReward(db: DbOrTx, id: number, patch: Partial<RewardRow>): Promise<RewardRow> {
  return (await db.update(threadRewards).set(patch).where(eq(threadRewards.id, id)).returning())[0]!;
}

export async function deleteReward(db: DbOrTx, id: number): Promise<void> {
  await db.delete(threadRewards).where(eq(threadRewards.id, id));
}

/** What each rewarded reply got. */
export async function payoutsOf(db: DbOrTx, rewardId: number) {
  return db
    .select({
      postId: rewardPayouts.postId,
      userId: rewardPayouts.userId,
      amountFen: rewardPayouts.amountFen,
    })
    .from(rewardPayouts)
    .where(eq(rewardPayouts.rewardId, rewardId));
}

export async function insertPayout(db: DbOrTx, row: typeof rewardPayouts.$inferInsert): Promise<void> {
  await db.insert(rewardPayouts).values(row);
}

/** Open bounties past their expiry (thread ids, oldest first). */
export async function dueRewards(db: DbOrTx, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ threadId: threadRewards.threadId })
    .from(threadRewards)
    .where(and(eq(threadRewards.status, 1), lte(threadRewards.expiredAt, now)))
    .orderBy(asc(threadRewards.expiredAt))
    .limit(limit);
  return rows.map((r) => r.threadId);
}

/** A live reply of the thread (not the first post, not deleted). */
export async function replyOf(db: DbOrTx, postId: number) {
  const rows = await db
    .select({ id: posts.id, threadId: posts.threadId, userId: posts.userId, isApproved: posts.isApproved })
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.isFirst, false), isNull(posts.deletedAt)));
  return rows[0] ?? null;
}

/** Members other than the author with an approved live reply, by their first reply. */
export async function answerers(db: DbOrTx, threadId: number, authorId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: posts.userId, first: min(posts.id) })
    .from(posts)
    .where(
      and(
        eq(posts.threadId, threadId),
        eq(posts.isFirst, false),
        eq(posts.isApproved, 1),
        isNull(posts.deletedAt),
        ne(posts.userId, authorId),
      ),
    )
    .groupBy(posts.userId)
    .orderBy(sql`min(${posts.id})`);
  return rows.map((r) => r.userId);
}
