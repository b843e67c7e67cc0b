import { z } from 'zod';
import { defineCall } from './call.js';
import { unreadCounts, userEvent } from './realtime.js';

/** Where a browser opens its realtime channel (WebSocket upgrade, authenticated by the login cookie). */
export const REALTIME_WS_PATH = '/api/v3/realtime';
/** The same channel as server-sent events, for networks that refuse WebSockets (`?after=` the last id seen). */
export const REALTIME_SSE_PATH = '/api/v3/realtime/sse';

/**
 * `GET realtime.events`: the polling fallback; my events after id `after` (oldest first, at most 100) and my
 * counts now. `reset` tells a client that fell further behind than the kept events to reload its state.
 */
export const realtimeEvents = defineCall({
  method: 'GET',
  path: '/api/v3/realtime.events',
  summary: 'My realtime events after an id (polling fallback)',
  tags: ['realtime'],
  input: z.object({ after: z.coerce.number().int().min(0).default(0) }),
  output: z.object({
    events: z.array(userEvent),
    lastId: z.number().int(),
    reset: z.boolean(),
    unread: unreadCounts,
  }),
});
