/** Users feature: accounts, sessions and the actor behind a request. */
export {
  UsersService,
  LOGIN_MAX_FAILURES,
  LOGIN_LOCK_MS,
  REVOKED_CHANNEL,
  userOfMessage,
  userSessionsMessage,
  BIND_PHONE,
  BIND_WECHAT,
} from './users.service.js';
export type { ClientInfo } from './users.service.js';
export { registerUsersRoutes, client, withCookies } from './users.routes.js';
export {
  findUserByUsername,
  hasBoundPhone,
  hasBoundWechat,
  insertUser,
  updateUser,
  countUsers,
  findUserById,
  payPasswordHashesOf,
  extendPaidUntil,
  PAID_FOREVER,
  findUserByMobile,
} from './users.repository.js';
export { presentCurrentUser, presentPublicUser, relationFlags } from './users.presenter.js';
export type { UserRow } from './users.repository.js';
