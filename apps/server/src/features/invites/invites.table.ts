import {
  boolean,
  char,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Invite links (reference §1.10 `invites`): type 1 a member's own link (one per member, reusable), type 2 an
 * administrator's one-use link to a group; status 0 revoked, 1 unused, 2 used, 3 expired.
 */
export const invites = pgTable(
  'invites',
  {
    id: serial('id').primaryKey(),
    type: smallint('type').notNull(),
    code: char('code', { length: 32 }).notNull(),
    groupId: integer('group_id'),
    /** Who made the link. */
    userId: integer('user_id').notNull(),
    /** Who registered with it (admin links). */
    toUserId: integer('to_user_id'),
    status: smallint('status').notNull().default(1),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invites_code_uq').on(t.code), index('invites_user_idx').on(t.userId, t.type)],
);

/**
 * Who invited whom (reference §1.10 `user_distributions`), with the inviter's terms copied from their group at
 * registration: `beScale` tenths of the invitee's payments go to the inviter when `isCommission` is on.
 * The paid-content features read it by these names for the inviter's commission.
 */
export const userDistributions = pgTable(
  'user_distributions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    inviterId: integer('inviter_id').notNull(),
    beScale: smallint('be_scale').notNull().default(0),
    isSubordinate: boolean('is_subordinate').notNull().default(false),
    isCommission: boolean('is_commission').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_distributions_user_uq').on(t.userId),
    index('user_distributions_inviter_idx').on(t.inviterId),
  ],
);
