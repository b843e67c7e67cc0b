import { pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';

/** Key-value site settings grouped by tag (reference §1.15). Values are strings; the service types them. */
export const settings = pgTable(
  'settings',
  {
    key: varchar('key', { length: 100 }).notNull(),
    tag: varchar('tag', { length: 50 }).notNull().default('default'),
    value: text('value').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.key, t.tag] })],
);
