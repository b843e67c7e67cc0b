/** Contracts shared by the server, the clients and plugins. */
export * from './codes.js';
export * from './envelope.js';
export * from './call.js';
export * from './permissions.js';
export * from './users.js';
export * from './forum.js';
