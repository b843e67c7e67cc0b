import { index, integer, pgTable, serial, smallint, timestamp } from 'drizzle-orm/pg-core';

/**
 * History of paid-group memberships (reference §1.10 `group_paid_users`): one row per purchase or renewal;
 * `deleteType` says why a membership ended (1 expired, 2 administrator, 3 bought again / upgraded).
 */
export const groupPaidUsers = pgTable(
  'group_paid_users',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    groupId: integer('group_id').notNull(),
    orderId: integer('order_id'),
    /** Who made the change when it was not a purchase (an administrator), else null. */
    operatorId: integer('operator_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    deleteType: smallint('delete_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('group_paid_users_user_idx').on(t.userId, t.groupId)],
);

/**
 * Unused days of a lower paid group left behind by an upgrade (reference §1.10 `group_user_mqs`): when the
 * higher group lapses the member returns to this group for these days, before the default group.
 */
export const groupUserMqs = pgTable(
  'group_user_mqs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    groupId: integer('group_id').notNull(),
    remainDays: integer('remain_days').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('group_user_mqs_user_idx').on(t.userId)],
);
