/** Every table, for drizzle-kit (migrations are generated from here). */
export * from './features/users/users.table.js';
export * from './features/groups/groups.table.js';
export * from './features/settings/settings.table.js';
export * from './features/categories/categories.table.js';
