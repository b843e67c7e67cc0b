/** Contracts shared by the server, the clients and plugins. */
export * from './codes.js';
export * from './envelope.js';
export * from './call.js';
export * from './permissions.js';
export * from './users.js';
export * from './users-search.js';
export * from './forum.js';
export * from './fields.js';
export * from './categories.js';
export * from './threads.js';
export * from './posts.js';
export * from './topics.js';
export * from './stop-words.js';
export * from './attachments.js';
export * from './thread-blocks.js';
export * from './viewer.js';
export * from './follows.js';
