/** Users feature: accounts, sessions and the actor behind a request. */
export { UsersService, LOGIN_MAX_FAILURES, LOGIN_LOCK_MS, REVOKED_CHANNEL } from './users.service.js';
export { registerUsersRoutes } from './users.routes.js';
export { findUserByUsername, insertUser, updateUser, countUsers, findUserById } from './users.repository.js';
export { presentPublicUser, relationFlags } from './users.presenter.js';
export type { UserRow } from './users.repository.js';
