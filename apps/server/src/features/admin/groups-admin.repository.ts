import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
import { groupPermissions, groupUser, groups } from '../../schema.js';
import type { GroupRow } from '../groups/index.js';

/** Members per group. */
export async function memberCounts(db: DbOrTx): Promise<Map<number, number>> {
  const rows = await db
    .select({ groupId: groupUser.groupId, n: sql<number>`count(*)::int` })
    .from(groupUser)
    .groupBy(groupUser.groupId);
  return new Map(rows.map((r) => [r.groupId, Number(r.n)]));
}

/** Inserts a group. */
export async function insertGroup(db: DbOrTx, row: typeof groups.$inferInsert): Promise<GroupRow> {
  const [g] = await db.insert(groups).values(row).returning();
  return g!;
}

/** Updates a group; null when it does not exist. */
export async function updateGroup(
  db: DbOrTx,
  id: number,
  patch: Partial<typeof groups.$inferInsert>,
): Promise<GroupRow | null> {
  const [g] = await db
    .update(groups)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(groups.id, id))
    .returning();
  return g ?? null;
}

/** Makes one group the default one (only one may be). */
export async function setDefaultGroup(db: DbOrTx, id: number): Promise<void> {
  await db.update(groups).set({ isDefault: sql`${groups.id} = ${id}` });
}

/** Deletes groups (not the preset ones); their members move to `fallback`. Returns the ids deleted. */
export async function deleteGroups(
  db: DbOrTx,
  ids: number[],
  preset: readonly number[],
  fallback: number,
): Promise<number[]> {
  const target = ids.filter((id) => !preset.includes(id) && id !== fallback);
  if (!target.length) return [];
  await db
    .update(groupUser)
    .set({ groupId: fallback, expiresAt: null })
    .where(inArray(groupUser.groupId, target));
  const rows = await db
    .delete(groups)
    .where(and(inArray(groups.id, target), notInArray(groups.id, [...preset])))
    .returning({ id: groups.id });
  return rows.map((r) => r.id);
}

/** Replaces a group's permission strings. */
export async function replaceGrants(db: DbOrTx, groupId: number, permissions: string[]): Promise<void> {
  await db.delete(groupPermissions).where(eq(groupPermissions.groupId, groupId));
  if (permissions.length) {
    await db.insert(groupPermissions).values(permissions.map((permission) => ({ groupId, permission })));
  }
}
