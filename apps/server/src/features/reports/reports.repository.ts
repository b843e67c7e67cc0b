import type { DbOrTx } from '../../platform/db/db.js';
import { reports } from './reports.table.js';

/** Stores a report. */
export async function insertReport(db: DbOrTx, row: typeof reports.$inferInsert): Promise<number> {
  const rows = await db.insert(reports).values(row).returning({ id: reports.id });
  return rows[0]!.id;
}
