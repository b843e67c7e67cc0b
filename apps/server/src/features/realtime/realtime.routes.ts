import { realtimeEvents } from '@forum/contracts';
import type { Route } from '../../platform/http/router.js';
import type { Db } from '../../platform/db/db.js';
import { unreadCounts } from './unread.repository.js';
import { eventBounds, eventsAfter } from './user-events.repository.js';

/** Events one poll returns at most. */
const POLL_MAX = 100;

/** The polling fallback of the channel (`realtime.events`). */
export function registerRealtimeRoutes(route: Route, db: Db): void {
  route(realtimeEvents, { auth: 'required', status: 'allowPending' }, async (input, { actor }) => {
    const userId = actor.userId!;
    const [{ first, last }, unread] = await Promise.all([eventBounds(db, userId), unreadCounts(db, userId)]);
    // Behind the kept events (or ahead: another database): start over from now with fresh counts.
    const reset = input.after > 0 && (input.after < first - 1 || input.after > last);
    const events = input.after > 0 && !reset ? await eventsAfter(db, userId, input.after, POLL_MAX) : [];
    return {
      events,
      lastId: events.length ? events[events.length - 1]!.id : input.after > 0 && !reset ? input.after : last,
      reset,
      unread,
    };
  });
}
