import type { Route } from '../../platform/http/router.js';
/** Realtime feature: each user's ordered event channel (issue 9 §7). */
export { userEvents } from './user-events.table.js';
export { appendUserEvent, wakeUsers, USER_EVENTS_CHANNEL } from './user-events.js';

/** Mounts each user's realtime channel (issue 9 §7). The realtime work fills this in. */
export function mountRealtime(ctx: { route: Route }): void {
  void ctx;
}
