import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
import { threadUserViewRecords, threads } from './threads.table.js';
import { rowsOf } from './threads.repository.js';

/**
 * Counts a logged-in reader's view and records that they viewed the thread, in one statement (one round
 * trip, one transaction): the record is kept once per pair (`ON CONFLICT DO NOTHING`), the count always grows.
 * Returns the new count, or null when the thread is gone.
 */
export async function countRecordedView(
  db: DbOrTx,
  threadId: number,
  userId: number,
): Promise<number | null> {
  const result = await db.execute(sql`
    with rec as (
      insert into ${threadUserViewRecords} (thread_id, user_id) values (${threadId}, ${userId})
      on conflict do nothing
    )
    update ${threads} set view_count = view_count + 1 where id = ${threadId} returning view_count`);
  const row = rowsOf<{ view_count: number }>(result)[0];
  return row ? Number(row.view_count) : null;
}
