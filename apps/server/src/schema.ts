/** Every table, for drizzle-kit (migrations are generated from here). */
export * from './features/users/users.table.js';
export * from './features/groups/groups.table.js';
export * from './features/settings/settings.table.js';
export * from './features/categories/categories.table.js';
export * from './features/threads/threads.table.js';
export * from './features/threads/posts.table.js';
export * from './features/topics/topics.table.js';
export * from './features/reports/reports.table.js';
export * from './features/stop-words/stop-words.table.js';
export * from './features/attachments/attachments.table.js';
export * from './features/follows/follows.table.js';
export * from './features/dialogs/dialogs.table.js';
export * from './features/notifications/notifications.table.js';
export * from './features/realtime/user-events.table.js';
export * from './features/signin-fields/signin-fields.table.js';
export * from './features/admin/admin.table.js';
export * from './features/plugins/plugins.table.js';
