import { eq, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../platform/db/db.js';
import { pluginMigrations, pluginStates } from './plugins.table.js';

/** Every plugin's stored state, by name. */
export async function loadStates(
  db: DbOrTx,
): Promise<Map<string, { enabled: boolean; settings: Record<string, unknown> }>> {
  const rows = await db.select().from(pluginStates);
  return new Map(
    rows.map((r) => [
      r.name,
      { enabled: r.enabled, settings: (r.settings ?? {}) as Record<string, unknown> },
    ]),
  );
}

/** Stores a plugin's state (insert or update). */
export async function saveState(
  db: DbOrTx,
  name: string,
  enabled: boolean,
  settings: Record<string, unknown>,
  version: string,
): Promise<void> {
  await db
    .insert(pluginStates)
    .values({ name, enabled, settings, version })
    .onConflictDoUpdate({
      target: pluginStates.name,
      set: { enabled, settings, version, updatedAt: sql`now()` },
    });
}

/** Ids of a plugin's migrations already applied. */
export async function appliedMigrations(db: DbOrTx, plugin: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: pluginMigrations.id })
    .from(pluginMigrations)
    .where(eq(pluginMigrations.plugin, plugin));
  return new Set(rows.map((r) => r.id));
}

/** Records one applied migration (in the migration's own transaction). */
export async function recordMigration(db: DbOrTx, plugin: string, id: string): Promise<void> {
  await db.insert(pluginMigrations).values({ plugin, id });
}

/** Groups holding a permission string. */
export async function groupsWithPermission(db: DbOrTx, permission: string): Promise<number[]> {
  const rows = await rowsOf<{ group_id: number }>(
    db,
    sql`select group_id from group_permissions where permission = ${permission} order by group_id`,
  );
  return rows.map((r) => Number(r.group_id));
}

/** Grants (or revokes) one permission string to a group. */
export async function grantPermission(
  db: DbOrTx,
  groupId: number,
  permission: string,
  on: boolean,
): Promise<void> {
  await db.execute(
    on
      ? sql`insert into group_permissions (group_id, permission) values (${groupId}, ${permission}) on conflict do nothing`
      : sql`delete from group_permissions where group_id = ${groupId} and permission = ${permission}`,
  );
}
