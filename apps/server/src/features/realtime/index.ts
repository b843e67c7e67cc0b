/** Realtime feature: each user's ordered event channel (issue 9 §7). */
export { userEvents } from './user-events.table.js';
export { appendUserEvent, wakeUsers, USER_EVENTS_CHANNEL } from './user-events.js';
