import { sql } from 'drizzle-orm';
import type { UnreadCounts, UserEventKind } from '@forum/contracts';
import type { Bus } from '../../platform/cache/bus.js';
import type { DbOrTx } from '../../platform/db/db.js';
import { unreadCounts } from './unread.repository.js';
import { userEvents } from './user-events.table.js';

/** Bus channel on which "these users have new events" travels between instances. */
export const USER_EVENTS_CHANNEL = 'user-events';

/**
 * Appends one event to a user's channel, inside the caller's transaction (so it exists iff its cause
 * does); returns its id. Call `wakeUsers` after the commit.
 */
export async function appendUserEvent(
  tx: DbOrTx,
  userId: number,
  kind: UserEventKind,
  payload: unknown,
): Promise<number> {
  const [row] = await tx
    .insert(userEvents)
    .values({ userId, kind, payload: payload as object })
    .returning({ id: userEvents.id });
  return row!.id;
}

/**
 * Appends several events (one statement), in the given order. Written out: each message and notification
 * writes here, and building the insert through drizzle cost more than sending it.
 */
export async function appendUserEvents(
  tx: DbOrTx,
  events: ReadonlyArray<{ userId: number; kind: UserEventKind; payload: unknown }>,
): Promise<void> {
  if (!events.length) return;
  const rows = events.map((e) => sql`(${e.userId}, ${e.kind}, ${JSON.stringify(e.payload ?? {})}::jsonb)`);
  await tx.execute(sql`insert into ${userEvents} (user_id, kind, payload) values ${sql.join(rows, sql`, `)}`);
}

/** After a commit: tells every instance (Redis, or in-process) that these users have new events to send. */
export function wakeUsers(bus: Bus, userIds: readonly number[]): void {
  if (userIds.length) void bus.publish(USER_EVENTS_CHANNEL, [...new Set(userIds)].join(','));
}

/** Appends the user's unread counts as they are now in this transaction (the badge's `unread` event). */
export async function appendUnread(tx: DbOrTx, userId: number): Promise<UnreadCounts> {
  const counts = await unreadCounts(tx, userId);
  await appendUserEvent(tx, userId, 'unread', counts);
  return counts;
}
