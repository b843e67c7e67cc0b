import { index, integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Reports of users (type 0), threads (1) and replies (2); status 0 open, 1 handled. */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    /** The reporter. */
    userId: integer('user_id').notNull(),
    reportedUserId: integer('reported_user_id').notNull().default(0),
    threadId: integer('thread_id').notNull().default(0),
    postId: integer('post_id').notNull().default(0),
    type: smallint('type').notNull(),
    reason: varchar('reason', { length: 200 }).notNull(),
    status: smallint('status').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reports_status_idx').on(t.status, t.createdAt.desc().nullsFirst())],
);
