import { eq, lt, sql } from 'drizzle-orm';
import type { UserEvent, UserEventKind } from '@forum/contracts';
import { rawRows, type Db, type DbOrTx } from '../../platform/db/db.js';
import { userEvents } from './user-events.table.js';

/**
 * A user's events after `after`, oldest first, at most `limit`. A constant statement (`rawRows`): every wake
 * of every open channel runs it, and drizzle took longer to build it than PostgreSQL to answer it.
 */
export async function eventsAfter(
  db: Db,
  userId: number,
  after: number,
  limit: number,
): Promise<UserEvent[]> {
  const rows = await rawRows<{ id: string | number; kind: string; payload: unknown }>(
    db,
    'select id, kind, payload from user_events where user_id = $1 and id > $2 order by id limit $3',
    [userId, after, limit],
  );
  return rows.map((r) => ({ id: Number(r.id), kind: r.kind as UserEventKind, payload: r.payload }));
}

/** The user's newest event id and oldest kept id (0 when none). */
export async function eventBounds(db: DbOrTx, userId: number): Promise<{ first: number; last: number }> {
  const rows = await db
    .select({
      first: sql<string | null>`min(${userEvents.id})`,
      last: sql<string | null>`max(${userEvents.id})`,
    })
    .from(userEvents)
    .where(eq(userEvents.userId, userId));
  return { first: Number(rows[0]?.first ?? 0), last: Number(rows[0]?.last ?? 0) };
}

/** Deletes events older than the cut-off (a client further behind reloads its state); returns how many. */
export async function pruneEvents(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(userEvents)
    .where(lt(userEvents.createdAt, before))
    .returning({ id: userEvents.id });
  return rows.length;
}
