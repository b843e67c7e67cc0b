import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/** User groups (roles). Ids 1, 6, 7, 8, 10 are fixed by the original. */
export const groups = pgTable('groups', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull(),
  type: varchar('type', { length: 50 }).notNull().default(''),
  color: varchar('color', { length: 20 }).notNull().default(''),
  icon: text('icon').notNull().default(''),
  isDefault: boolean('is_default').notNull().default(false),
  isDisplay: boolean('is_display').notNull().default(false),
  isPaid: boolean('is_paid').notNull().default(false),
  /** Paid group fee in cents. */
  fee: integer('fee').notNull().default(0),
  days: integer('days').notNull().default(0),
  level: smallint('level').notNull().default(0),
  description: varchar('description', { length: 100 }).notNull().default(''),
  notice: varchar('notice', { length: 400 }).notNull().default(''),
  /** Inviter commission in tenths (0-10). */
  scale: smallint('scale').notNull().default(0),
  isSubordinate: boolean('is_subordinate').notNull().default(false),
  isCommission: boolean('is_commission').notNull().default(false),
  timeRange: integer('time_range').notNull().default(0),
  contentRange: integer('content_range').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Permission strings granted to a group (`viewThreads`, `category3.thread.reply`, `switch.createThread`). */
export const groupPermissions = pgTable(
  'group_permissions',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    permission: varchar('permission', { length: 100 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.permission] })],
);

/** Membership: one group per user, with an optional expiry for paid groups. */
export const groupUser = pgTable(
  'group_user',
  {
    userId: integer('user_id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('group_user_group_idx').on(t.groupId),
    // The paid-group expiry job looks for lapsed memberships every minute.
    index('group_user_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} IS NOT NULL`),
  ],
);
