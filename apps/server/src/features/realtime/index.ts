import type { FastifyInstance } from 'fastify';
import type { Bus } from '../../platform/cache/bus.js';
import type { Database } from '../../platform/db/db.js';
import type { Jobs } from '../../platform/jobs/index.js';
import type { Route } from '../../platform/http/router.js';
import { REVOKED_CHANNEL, type UsersService } from '../users/index.js';
import { serveChannel } from './channel.js';
import { RealtimeHub } from './hub.js';
import { registerRealtimeRoutes } from './realtime.routes.js';
import { pruneEvents } from './user-events.repository.js';

/** Realtime feature: each user's ordered event channel (issue 9 §7). */
export { userEvents } from './user-events.table.js';
export {
  appendUserEvent,
  appendUserEvents,
  appendUnread,
  wakeUsers,
  USER_EVENTS_CHANNEL,
} from './user-events.js';
export { unreadCounts } from './unread.repository.js';
export type { RealtimeHub } from './hub.js';

/** Events are kept this long; a client away longer reloads its state. */
const KEEP_MS = 3 * 24 * 3600 * 1000;
/** How often old events are pruned. */
const PRUNE_EVERY_MS = 3600_000;

/** Mounts each member's channel: WebSocket, server-sent events and polling, woken over the bus. */
export function mountRealtime(ctx: {
  app: FastifyInstance;
  route: Route;
  database: Database;
  bus: Bus;
  users: UsersService;
  jobs: Jobs;
}): RealtimeHub {
  const db = ctx.database.db;
  const resolve = (token: string) => ctx.users.resolveActor(token, 'cookie').catch(() => null);
  const hub = new RealtimeHub(db, ctx.bus, REVOKED_CHANNEL, resolve);
  serveChannel(ctx.app, hub, resolve);
  registerRealtimeRoutes(ctx.route, db);
  // Hourly, on one instance: events older than KEEP_MS go.
  ctx.jobs.work('realtime_prune', () => pruneEvents(db, new Date(Date.now() - KEEP_MS)));
  ctx.jobs.schedule('realtime_prune', { everyMs: PRUNE_EVERY_MS });
  return hub;
}
