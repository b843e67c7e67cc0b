import { boolean, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';

/** Who follows whom (reference §1.6 `user_follow`); `is_mutual` is kept on both rows of a pair. */
export const userFollow = pgTable(
  'user_follow',
  {
    fromUserId: integer('from_user_id').notNull(),
    toUserId: integer('to_user_id').notNull(),
    isMutual: boolean('is_mutual').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.fromUserId, t.toUserId] }),
    index('user_follow_to_idx').on(t.toUserId, t.createdAt.desc()),
    index('user_follow_from_idx').on(t.fromUserId, t.createdAt.desc()),
  ],
);

/** Blocks (reference §1.6 `deny_users`): `user_id` blocked `deny_user_id`. */
export const denyUsers = pgTable(
  'deny_users',
  {
    userId: integer('user_id').notNull(),
    denyUserId: integer('deny_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.denyUserId] }), index('deny_users_denied_idx').on(t.denyUserId)],
);
