import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
import { groupPermissions, groups, groupUser } from './groups.table.js';

/** A group row. */
export type GroupRow = typeof groups.$inferSelect;

/** Every group (a small table, cached by the service). */
export function listGroups(db: DbOrTx): Promise<GroupRow[]> {
  return db.select().from(groups).orderBy(groups.id);
}

/** Every (group, permission) pair. */
export function listGrants(db: DbOrTx): Promise<Array<{ groupId: number; permission: string }>> {
  return db.select().from(groupPermissions);
}

/** Inserts preset groups that are missing and moves the id sequence past them. */
export async function insertMissingGroups(
  db: DbOrTx,
  rows: Array<typeof groups.$inferInsert>,
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(groups).values(rows).onConflictDoNothing();
}

/** Adds grants, leaving existing ones alone. */
export async function insertGrants(
  db: DbOrTx,
  rows: Array<{ groupId: number; permission: string }>,
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(groupPermissions).values(rows).onConflictDoNothing();
}

/** Puts a user in a group (one group per user). */
export async function setUserGroup(
  db: DbOrTx,
  userId: number,
  groupId: number,
  expiresAt: Date | null = null,
) {
  await db
    .insert(groupUser)
    .values({ userId, groupId, expiresAt })
    .onConflictDoUpdate({ target: groupUser.userId, set: { groupId, expiresAt } });
}

/** The user's group id, or null when they have none. */
export async function findUserGroup(
  db: DbOrTx,
  userId: number,
): Promise<{ groupId: number; expiresAt: Date | null } | null> {
  const rows = await db
    .select({ groupId: groupUser.groupId, expiresAt: groupUser.expiresAt })
    .from(groupUser)
    .where(eq(groupUser.userId, userId))
    .limit(1);
  return rows[0] ?? null;
}
