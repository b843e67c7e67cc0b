/** Recommendations: `thread.recommends`, the administrator's picks topped up with the hottest recent threads. */
export { recommendThreads } from './recommends.service.js';
export type { RecommendsPort } from './threads.port.js';
