import { index, integer, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Two-level categories (parentId 0 = top level). */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description').notNull().default(''),
    icon: text('icon').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    /** 1 = shown on the home page. */
    property: smallint('property').notNull().default(0),
    parentId: integer('parent_id').notNull().default(0),
    threadCount: integer('thread_count').notNull().default(0),
    /** Comma-separated user ids of moderators. */
    moderators: text('moderators').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('categories_parent_idx').on(t.parentId, t.sort)],
);
