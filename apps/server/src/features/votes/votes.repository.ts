import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
import { threadToms, threadVoteOptions, threadVoteUsers, threadVotes } from '../threads/threads.table.js';

/** A vote row. */
export type VoteRow = typeof threadVotes.$inferSelect;

/** Creates a vote with its options. */
export async function insertVote(
  db: DbOrTx,
  v: { threadId: number; title: string; choiceType: number; expiredAt: Date | null; options: string[] },
): Promise<number> {
  const [vote] = await db
    .insert(threadVotes)
    .values({ threadId: v.threadId, title: v.title, choiceType: v.choiceType, expiredAt: v.expiredAt })
    .returning({ id: threadVotes.id });
  await db
    .insert(threadVoteOptions)
    .values(v.options.map((content, sort) => ({ voteId: vote!.id, content, sort })));
  return vote!.id;
}

/** Updates a vote's own fields. */
export async function updateVote(
  db: DbOrTx,
  id: number,
  patch: Partial<typeof threadVotes.$inferInsert>,
): Promise<void> {
  await db.update(threadVotes).set(patch).where(eq(threadVotes.id, id));
}

/** Replaces a vote's options (only before anyone voted). */
export async function replaceOptions(db: DbOrTx, voteId: number, options: string[]): Promise<void> {
  await db.delete(threadVoteOptions).where(eq(threadVoteOptions.voteId, voteId));
  await db.insert(threadVoteOptions).values(options.map((content, sort) => ({ voteId, content, sort })));
}

/** Deletes a vote and everything under it. */
export async function deleteVote(db: DbOrTx, voteId: number): Promise<void> {
  await db.delete(threadVoteUsers).where(eq(threadVoteUsers.voteId, voteId));
  await db.delete(threadVoteOptions).where(eq(threadVoteOptions.voteId, voteId));
  await db.delete(threadVotes).where(eq(threadVotes.id, voteId));
}

/** A vote with its options; `forUpdate` locks the vote row. */
export async function findVote(db: DbOrTx, id: number, forUpdate = false) {
  const q = db.select().from(threadVotes).where(eq(threadVotes.id, id)).limit(1);
  const [vote] = forUpdate ? await q.for('update') : await q;
  if (!vote) return null;
  const options = await db
    .select()
    .from(threadVoteOptions)
    .where(eq(threadVoteOptions.voteId, id))
    .orderBy(asc(threadVoteOptions.sort));
  return { vote, options };
}

/** Option ids a user chose in a vote. */
export async function chosenOptions(db: DbOrTx, voteId: number, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: threadVoteUsers.optionId })
    .from(threadVoteUsers)
    .where(and(eq(threadVoteUsers.voteId, voteId), eq(threadVoteUsers.userId, userId)));
  return rows.map((r) => r.id);
}

/** Records a user's choices and bumps the counts. */
export async function castVote(
  db: DbOrTx,
  voteId: number,
  userId: number,
  optionIds: number[],
): Promise<void> {
  await db.insert(threadVoteUsers).values(optionIds.map((optionId) => ({ voteId, userId, optionId })));
  await db
    .update(threadVoteOptions)
    .set({ voteCount: sql`${threadVoteOptions.voteCount} + 1` })
    .where(inArray(threadVoteOptions.id, optionIds));
  await db
    .update(threadVotes)
    .set({ voteUsers: sql`${threadVotes.voteUsers} + 1` })
    .where(eq(threadVotes.id, voteId));
}

/** The bodies of a thread's blocks: a vote is cast only on one its thread carries. */
export function blockBodies(db: DbOrTx, threadId: number): Promise<Array<{ body: unknown }>> {
  return db.select({ body: threadToms.body }).from(threadToms).where(eq(threadToms.threadId, threadId));
}
