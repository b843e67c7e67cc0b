import { boolean, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Each plugin's state on this site: on or off, its settings (public and private), the version last seen. */
export const pluginStates = pgTable('plugin_states', {
  name: varchar('name', { length: 100 }).primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  settings: jsonb('settings').notNull().default({}),
  version: varchar('version', { length: 20 }).notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The plugin migrations applied here (each runs once, in order). */
export const pluginMigrations = pgTable(
  'plugin_migrations',
  {
    plugin: varchar('plugin', { length: 100 }).notNull(),
    id: varchar('id', { length: 100 }).notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.plugin, t.id] })],
);
