import { bigserial, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * What each user's realtime channel carries, in order (issue 9 §7). Written in the same transaction as
 * its cause; the id only grows, so a reconnect or a second tab asks for "after id N" and gets every event
 * once, with no gap. Old rows are pruned (a client further behind reloads its state instead).
 */
export const userEvents = pgTable(
  'user_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    /** `message`, `notification`, `unread`, `dialog.read`, ... (see contracts `realtime.ts`). */
    kind: varchar('kind', { length: 32 }).notNull(),
    payload: jsonb('payload').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_events_user_idx').on(t.userId, t.id)],
);
