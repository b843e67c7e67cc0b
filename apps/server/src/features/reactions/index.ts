/** Reactions: essence, pinning, favourites, recommend-to-home, views, shares and profile pins of a thread. */
export { MAX_STICKY, ReactionsService, type OperateInput } from './reactions.service.js';
export type { ReactionsDeps, ThreadReader, ThreadRows } from './threads.port.js';
