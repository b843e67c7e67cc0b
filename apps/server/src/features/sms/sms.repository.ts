import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/db.js';
import { mobileCodes } from './sms.table.js';

/** A stored code. */
export type CodeRow = typeof mobileCodes.$inferSelect;

/** Serialises sends to one phone (the resend interval and the counts hold under concurrent requests). */
export async function lockMobile(tx: Tx, mobile: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${'sms:' + mobile}))`);
}

/** Codes sent to a phone since a time, and the newest one's time. */
export async function sentToMobile(db: DbOrTx, mobile: string, since: Date) {
  const rows = await db
    .select({ n: sql<number>`count(*)::int`, last: sql<string | null>`max(${mobileCodes.createdAt})` })
    .from(mobileCodes)
    .where(and(eq(mobileCodes.mobile, mobile), gt(mobileCodes.createdAt, since)));
  const r = rows[0];
  return { count: r?.n ?? 0, last: r?.last ? new Date(r.last) : null };
}

/** Codes requested from an address since a time. */
export async function sentFromIp(db: DbOrTx, ip: string, since: Date): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mobileCodes)
    .where(and(eq(mobileCodes.ip, ip), gt(mobileCodes.createdAt, since)));
  return rows[0]?.n ?? 0;
}

/** Stores a new code. */
export async function insertCode(db: DbOrTx, row: typeof mobileCodes.$inferInsert): Promise<number> {
  const rows = await db.insert(mobileCodes).values(row).returning({ id: mobileCodes.id });
  return rows[0]!.id;
}

/** Removes a code the provider never delivered (so it does not count against the limits). */
export async function deleteCode(db: DbOrTx, id: number): Promise<void> {
  await db.delete(mobileCodes).where(eq(mobileCodes.id, id));
}

/** The newest code of a phone and purpose: only it may be answered (a resend replaces the older ones). */
export async function latestCode(db: DbOrTx, mobile: string, type: string): Promise<CodeRow | null> {
  const rows = await db
    .select()
    .from(mobileCodes)
    .where(and(eq(mobileCodes.mobile, mobile), eq(mobileCodes.type, type)))
    .orderBy(desc(mobileCodes.id))
    .limit(1);
  return rows[0] ?? null;
}

/** Counts a wrong answer; at `max` the code is spent. */
export async function addAttempt(db: DbOrTx, id: number, max: number): Promise<void> {
  await db
    .update(mobileCodes)
    .set({
      attempts: sql`${mobileCodes.attempts} + 1`,
      usedAt: sql`CASE WHEN ${mobileCodes.attempts} + 1 >= ${max} THEN now() ELSE ${mobileCodes.usedAt} END`,
    })
    .where(eq(mobileCodes.id, id));
}

/** Spends a code; false when another request spent it first. */
export async function spendCode(tx: DbOrTx, id: number): Promise<boolean> {
  const rows = await tx
    .update(mobileCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(mobileCodes.id, id), isNull(mobileCodes.usedAt)))
    .returning({ id: mobileCodes.id });
  return rows.length === 1;
}

/** Whether a user proved a phone (a spent `verify` code) since a time. */
export async function verifiedSince(db: DbOrTx, userId: number, mobile: string, since: Date) {
  const rows = await db
    .select({ id: mobileCodes.id })
    .from(mobileCodes)
    .where(
      and(
        eq(mobileCodes.userId, userId),
        eq(mobileCodes.mobile, mobile),
        eq(mobileCodes.type, 'verify'),
        gt(mobileCodes.usedAt, since),
        sql`${mobileCodes.attempts} < 5`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}
