import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
import { categories } from '../categories/index.js';
import { groupUser } from '../groups/groups.table.js';

/** True when at least one user is in the admin group. */
export async function adminExists(db: DbOrTx): Promise<boolean> {
  const rows = await db
    .select({ n: sql<number>`1` })
    .from(groupUser)
    .where(eq(groupUser.groupId, 1))
    .limit(1);
  return rows.length > 0;
}

/** Moves the groups id sequence past the preset ids so new groups never collide with them. */
export async function bumpGroupSequence(db: DbOrTx): Promise<void> {
  await db.execute(
    sql`SELECT setval(pg_get_serial_sequence('groups', 'id'), GREATEST((SELECT max(id) FROM groups), 10))`,
  );
}

/** Creates the default category when there is none. */
export async function ensureDefaultCategory(db: DbOrTx): Promise<void> {
  const rows = await db.select({ id: categories.id }).from(categories).limit(1);
  if (rows.length === 0)
    await db.insert(categories).values({ name: '默认分类', description: '', property: 1 });
}
