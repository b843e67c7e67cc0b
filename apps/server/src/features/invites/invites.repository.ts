import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/db.js';
import { rowsOf } from '../../platform/db/db.js';
import { InviteStatus, InviteType, OrderStatus } from '@forum/contracts';
import { invites, userDistributions } from './invites.table.js';

/** An invite row. */
export type InviteRow = typeof invites.$inferSelect;
/** A distribution row (who invited a user, on which terms). */
export type DistributionRow = typeof userDistributions.$inferSelect;

export async function insertInvite(tx: DbOrTx, row: typeof invites.$inferInsert): Promise<InviteRow> {
  const [r] = await tx.insert(invites).values(row).returning();
  return r!;
}

/** An invite by code; locked when a registration is about to use it. */
export async function inviteByCode(db: DbOrTx, code: string, lock = false): Promise<InviteRow | null> {
  const q = db.select().from(invites).where(eq(invites.code, code)).limit(1);
  const rows = lock ? await q.for('update') : await q;
  return rows[0] ?? null;
}

export async function inviteById(db: DbOrTx, id: number): Promise<InviteRow | null> {
  const rows = await db.select().from(invites).where(eq(invites.id, id)).limit(1);
  return rows[0] ?? null;
}

/** A member's own link (type 1), if they made one. */
export async function memberInvite(db: DbOrTx, userId: number): Promise<InviteRow | null> {
  const rows = await db
    .select()
    .from(invites)
    .where(and(eq(invites.userId, userId), eq(invites.type, InviteType.MEMBER)))
    .limit(1);
  return rows[0] ?? null;
}

export async function updateInvite(
  tx: DbOrTx,
  id: number,
  set: Partial<typeof invites.$inferInsert>,
): Promise<InviteRow> {
  const [r] = await tx.update(invites).set(set).where(eq(invites.id, id)).returning();
  return r!;
}

/** Administrators' links, newest first; links past their time read as expired. */
export async function adminInvites(db: DbOrTx, page: number, perPage: number, status?: number) {
  const where = and(
    eq(invites.type, InviteType.ADMIN),
    status === undefined ? undefined : eq(invites.status, status),
  );
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(invites)
      .where(where)
      .orderBy(desc(invites.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(invites).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** Marks unused administrator links past their time expired (status 3). */
export async function expireInvites(db: DbOrTx, now: Date): Promise<void> {
  await db
    .update(invites)
    .set({ status: InviteStatus.EXPIRED })
    .where(and(eq(invites.status, InviteStatus.UNUSED), sql`${invites.expiresAt} <= ${now}`));
}

export async function insertDistribution(tx: Tx, row: typeof userDistributions.$inferInsert): Promise<void> {
  await tx.insert(userDistributions).values(row).onConflictDoNothing();
}

/** Who invited a user, on which terms (null when nobody did). */
export async function distributionOf(db: DbOrTx, userId: number): Promise<DistributionRow | null> {
  const rows = await db.select().from(userDistributions).where(eq(userDistributions.userId, userId)).limit(1);
  return rows[0] ?? null;
}

/** One invitee with the commission their paid orders brought the inviter (orders' `extra.commissionFen`). */
interface InviteeRow {
  user_id: number;
  nickname: string;
  avatar: string;
  joined_at: Date | string;
  earned: string;
}

/** My invitees, newest first, each with what I earned through them; and my totals. */
export async function invitees(db: DbOrTx, inviterId: number, page: number, perPage: number) {
  const rows = await rowsOf<InviteeRow>(
    db,
    sql`SELECT d.user_id, u.nickname, u.avatar, d.created_at AS joined_at,
          coalesce((SELECT sum((o.extra->>'commissionFen')::bigint) FROM orders o
                    WHERE o.user_id = d.user_id AND o.status = ${OrderStatus.PAID}
                      AND (o.extra->>'inviterId')::int = ${inviterId}), 0)::text AS earned
        FROM user_distributions d JOIN users u ON u.id = d.user_id
        WHERE d.inviter_id = ${inviterId}
        ORDER BY d.id DESC LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`,
  );
  const [totals] = await rowsOf<{ n: number; earned: string }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM user_distributions WHERE inviter_id = ${inviterId}) AS n,
          coalesce((SELECT sum((extra->>'commissionFen')::bigint) FROM orders
                    WHERE status = ${OrderStatus.PAID} AND (extra->>'inviterId')::int = ${inviterId}), 0)::text AS earned`,
  );
  return { rows, total: totals?.n ?? 0, earned: BigInt(totals?.earned ?? '0') };
}
