// Constants the browser's pages use without zod (`@forum/contracts/constants`): a page that imports only these
// does not load the schemas; the call contracts arrive with the API client on the first call.
export { Code } from './codes.js';

/**
 * `GET /preference?lang=|theme=&to=`: the web footer's language and theme switches as plain links, answered by
 * the server (they work before the page's script has taken over).
 */
export const PREFERENCE_PATH = '/preference';
/** Left by that link for a signed-in reader: the page's script then syncs their email language once. */
export const LANG_SYNC_COOKIE = 'forum_lang_sync';

/** Built-in content block ids (reference §1.3 TomConfig); plugins use their own string ids. */
export const TomId = {
  TEXT: 100,
  IMAGE: 101,
  AUDIO: 102,
  VIDEO: 103,
  GOODS: 104,
  QA: 105,
  RED_PACKET: 106,
  REWARD: 107,
  ATTACHMENT: 108,
  VOTE: 109,
} as const;

/** Longest reply (the original backend's cap). */
export const POST_TEXT_MAX = 49_999;

/** Order types (reference §1.9, the original's `Order::ORDER_TYPE_*`). */
export const OrderType = {
  REGISTER: 1,
  REWARD: 2,
  THREAD: 3,
  GROUP: 4,
  QUESTION: 5,
  ONLOOKER: 6,
  ATTACHMENT: 7,
  RENEW: 8,
  RED_PACKET: 9,
  BOUNTY: 10,
  MERGE: 11,
  TEXT_RED_PACKET: 20,
  LONG_RED_PACKET: 21,
  RECHARGE: 30,
} as const;

/** Red packet: 0 reply to get a share, 1 a reply with N likes gets one. */
export const RedPacketCondition = { REPLY: 0, LIKES: 1 } as const;
/** Red packet and bounty state: 0 awaiting payment, 1 paid and open, 2 over (all taken, or expired). */
export const EscrowStatus = { UNPAID: 0, OPEN: 1, OVER: 2 } as const;

/**
 * What `thread.likedusers` lists (the original's `type`): 0 everyone, 1 likes, 2 the paid orders (tips and paid
 * readers together; the original shows the one kind its thread has). 3 tips only and 4 paid readers only are ours.
 */
export const LikedUsersType = { ALL: 0, LIKES: 1, ORDERS: 2, TIPS: 3, PAID: 4 } as const;

/** Why someone is in the `thread.likedusers` list (the original's item `type`). */
export const LikedUserKind = { LIKE: 1, PAID: 2, TIP: 3 } as const;
