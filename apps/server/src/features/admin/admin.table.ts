import { index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Every administrator write (issue 10 §10): who, which call, with what, from where, when. */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    path: varchar('path', { length: 200 }).notNull(),
    /** The call's parsed input, secrets masked. */
    input: jsonb('input').notNull().default({}),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_actions_created_idx').on(t.createdAt.desc())],
);
