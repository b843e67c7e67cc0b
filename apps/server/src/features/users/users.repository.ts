import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
import { groupUser } from '../groups/groups.table.js';
import { accessTokens, loginFailures, users } from './users.table.js';

/** A user row. */
export type UserRow = typeof users.$inferSelect;
/** Columns needed to create a user. */
export type NewUser = typeof users.$inferInsert;

/** Finds a user by username, case-insensitively. */
export async function findUserByUsername(db: DbOrTx, username: string): Promise<UserRow | null> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return rows[0] ?? null;
}

/** Finds the user a phone is bound to. */
export async function findUserByMobile(db: DbOrTx, mobile: string): Promise<UserRow | null> {
  if (!mobile) return null;
  const rows = await db.select().from(users).where(eq(users.mobile, mobile)).limit(1);
  return rows[0] ?? null;
}

/** Whether a user has a WeChat bound (the -8000 gate of groups with `publishNeedBindWechat`; bind_type bit 1). */
export async function hasBoundWechat(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), sql`(${users.bindType} & 1) <> 0`))
    .limit(1);
  return rows.length === 1;
}

/** Whether a user has a phone bound (the -8001 gate of groups with `publishNeedBindPhone`). */
export async function hasBoundPhone(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.mobile} <> ''`))
    .limit(1);
  return rows.length === 1;
}

/** Finds a user by id. */
export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

/**
 * Pay-password hashes by user id ('' when none is set; no entry when no such user): a pay session's check reads
 * only this, through a `Loader`.
 */
export async function payPasswordHashesOf(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: users.id, hash: users.payPasswordHash })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.hash]));
}

/** Inserts a user and returns the row. */
export async function insertUser(db: DbOrTx, row: NewUser): Promise<UserRow> {
  const rows = await db.insert(users).values(row).returning();
  return rows[0]!;
}

/** Updates some columns of a user. */
export async function updateUser(db: DbOrTx, id: number, patch: Partial<NewUser>): Promise<UserRow | null> {
  const rows = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return rows[0] ?? null;
}

/** Number of users (the admin check at start-up and site counts). */
export async function countUsers(db: DbOrTx): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return rows[0]?.n ?? 0;
}

/** Stores a new token pair. */
export async function insertToken(db: DbOrTx, row: typeof accessTokens.$inferInsert) {
  const rows = await db.insert(accessTokens).values(row).returning({ id: accessTokens.id });
  return rows[0]!.id;
}

/** The live session behind an access token hash, with its user and group, in one query. */
export async function findSessionByTokenHash(db: DbOrTx, tokenHash: string) {
  const rows = await db
    .select({
      tokenId: accessTokens.id,
      userId: users.id,
      status: users.status,
      banReason: users.banReason,
      rejectReason: users.rejectReason,
      groupId: groupUser.groupId,
      groupExpiresAt: groupUser.expiresAt,
      paidUntil: users.expiredAt,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .leftJoin(groupUser, eq(groupUser.userId, users.id))
    .where(
      and(
        eq(accessTokens.tokenHash, tokenHash),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** A live token pair found by its refresh hash. */
export async function findTokenByRefreshHash(db: DbOrTx, refreshHash: string) {
  const rows = await db
    .select()
    .from(accessTokens)
    .where(
      and(
        eq(accessTokens.refreshHash, refreshHash),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.refreshExpiresAt, new Date()),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** Revokes one token pair; returns its access hash so caches can drop it. */
export async function revokeToken(db: DbOrTx, tokenId: number): Promise<string | null> {
  const rows = await db
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(accessTokens.id, tokenId), isNull(accessTokens.revokedAt)))
    .returning({ tokenHash: accessTokens.tokenHash });
  return rows[0]?.tokenHash ?? null;
}

/** Revokes every live token pair of a user except one; returns their access hashes. */
export async function revokeUserTokens(db: DbOrTx, userId: number, keepId: number | null): Promise<string[]> {
  const rows = await db
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(accessTokens.userId, userId),
        isNull(accessTokens.revokedAt),
        keepId === null ? undefined : sql`${accessTokens.id} <> ${keepId}`,
      ),
    )
    .returning({ tokenHash: accessTokens.tokenHash });
  return rows.map((r) => r.tokenHash);
}

/** Failed-login record for an IP. */
export async function findLoginFailure(db: DbOrTx, ip: string) {
  const rows = await db.select().from(loginFailures).where(eq(loginFailures.ip, ip)).limit(1);
  return rows[0] ?? null;
}

/** Counts one more failure for an IP, starting over when the last one is older than the window. */
export async function recordLoginFailure(db: DbOrTx, ip: string, windowMs: number): Promise<number> {
  const since = new Date(Date.now() - windowMs);
  const rows = await db
    .insert(loginFailures)
    .values({ ip, count: 1, lastFailedAt: new Date() })
    .onConflictDoUpdate({
      target: loginFailures.ip,
      set: {
        count: sql`CASE WHEN ${loginFailures.lastFailedAt} < ${since} THEN 1 ELSE ${loginFailures.count} + 1 END`,
        lastFailedAt: new Date(),
      },
    })
    .returning({ count: loginFailures.count });
  return rows[0]?.count ?? 1;
}

/** Clears an IP's failures after a successful login. */
export async function clearLoginFailures(db: DbOrTx, ip: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.ip, ip));
}

/** Paid-site membership with no end (`site_expire` 0): far enough ahead never to lapse. */
export const PAID_FOREVER = new Date('9999-12-31T00:00:00Z');

/**
 * Extends a user's paid-site membership (`expired_at`) by `days` from the later of now and its current end;
 * `days` 0 means for good (reference §1.10 `site_expire`). Answers the new end.
 */
export async function extendPaidUntil(db: DbOrTx, userId: number, days: number): Promise<Date> {
  const rows = await db
    .update(users)
    .set({
      expiredAt:
        days > 0
          ? sql`greatest(coalesce(${users.expiredAt}, now()), now()) + make_interval(days => ${days})`
          : PAID_FOREVER,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning({ expiredAt: users.expiredAt });
  return rows[0]?.expiredAt ?? PAID_FOREVER;
}
