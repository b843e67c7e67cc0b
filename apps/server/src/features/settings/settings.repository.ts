import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
import { settings } from './settings.table.js';

/** One stored setting row. */
export interface SettingRow {
  key: string;
  tag: string;
  value: string;
}

/** Reads every setting (the table is small and cached in memory). */
export function listSettings(db: DbOrTx): Promise<SettingRow[]> {
  return db.select().from(settings);
}

/** Inserts or updates rows in one statement. */
export async function upsertSettings(db: DbOrTx, rows: SettingRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(settings)
    .values(rows)
    .onConflictDoUpdate({ target: [settings.key, settings.tag], set: { value: sql`excluded.value` } });
}

/** Inserts rows that are not there yet (bootstrap never overwrites an admin's choice). */
export async function insertMissingSettings(db: DbOrTx, rows: SettingRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(settings).values(rows).onConflictDoNothing();
}

/** The stored value of key and tag, inserting `value` first when there is none (the first writer wins). */
export async function settingOrInsert(db: DbOrTx, row: SettingRow): Promise<string> {
  await db.insert(settings).values(row).onConflictDoNothing();
  const rows = await db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.key, row.key), eq(settings.tag, row.tag)))
    .limit(1);
  return rows[0]?.value ?? row.value;
}

/** True when a row exists for key and tag. */
export async function settingExists(db: DbOrTx, key: string, tag: string): Promise<boolean> {
  const rows = await db
    .select({ key: settings.key })
    .from(settings)
    .where(and(eq(settings.key, key), eq(settings.tag, tag)))
    .limit(1);
  return rows.length > 0;
}
