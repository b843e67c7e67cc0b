import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../platform/db/db.js';
import { threadUserViewRecords, threads } from '../threads/threads.table.js';

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
  const rows = await rowsOf<{ view_count: number }>(
    db,
    sql`
    with rec as (
      insert into ${threadUserViewRecords} (thread_id, user_id) values (${threadId}, ${userId})
      on conflict do nothing
    )
    update ${threads} set view_count = view_count + 1 where id = ${threadId} returning view_count`,
  );
  const row = rows[0];
  return row ? Number(row.view_count) : null;
}
