import {
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  boolean,
} from 'drizzle-orm/pg-core';

/** Extended sign-in fields an administrator asks new users to fill (reference §1.1 `admin_sign_in_fields`). */
export const adminSignInFields = pgTable('admin_sign_in_fields', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull(),
  /** 0 single line, 1 multi-line, 2 radio, 3 checkbox, 4 image, 5 file. */
  type: smallint('type').notNull().default(0),
  /** Options (radio, checkbox) and other type details, JSON text as the original. */
  fieldsExt: text('fields_ext').notNull().default(''),
  fieldsDesc: varchar('fields_desc', { length: 500 }).notNull().default(''),
  sort: integer('sort').notNull().default(0),
  /** -1 disabled, 0 deleted, 1 enabled. */
  status: smallint('status').notNull().default(1),
  required: boolean('required').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's answer to one field (reference `user_sign_in_fields`): 0 discarded, 1 pending, 2 rejected, 3 passed. */
export const userSignInFields = pgTable(
  'user_sign_in_fields',
  {
    id: serial('id').primaryKey(),
    aid: integer('aid').notNull(),
    userId: integer('user_id').notNull(),
    fieldsExt: text('fields_ext').notNull().default(''),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_sign_in_fields_user_aid_uq').on(t.userId, t.aid),
    index('user_sign_in_fields_aid_idx').on(t.aid),
  ],
);
