import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/**
 * WeChat identities (reference §3 `user_wechats`): one per official-account openid. `user_id` is null while a
 * WeChat user authorised but has not yet bound or created an account.
 */
export const wechatUsers = pgTable(
  'wechat_users',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    mpOpenid: varchar('mp_openid', { length: 128 }).notNull(),
    unionid: varchar('unionid', { length: 128 }).notNull().default(''),
    nickname: varchar('nickname', { length: 100 }).notNull().default(''),
    avatar: varchar('avatar', { length: 500 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wechat_users_openid_uq').on(t.mpOpenid),
    // One WeChat per account: the index decides a race between two binds.
    uniqueIndex('wechat_users_user_uq')
      .on(t.userId)
      .where(sql`${t.userId} IS NOT NULL`),
  ],
);

/** Identities at a generic OpenID Connect provider: one per (issuer, subject). */
export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: varchar('issuer', { length: 300 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    email: varchar('email', { length: 255 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oidc_identities_sub_uq').on(t.issuer, t.subject),
    index('oidc_identities_user_idx').on(t.userId),
  ],
);

/**
 * Short-lived steps of the third-party flows, each spent once: an OAuth `state` (with its PKCE verifier and
 * nonce), a pending WeChat identity waiting to be bound (reference §1.1 `session_tokens`), a pc QR session.
 * `id` is the sha256 of the token handed out, so a database read does not reveal live tokens.
 */
export const oauthSessions = pgTable(
  'oauth_sessions',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    /** state | pending | qrcode */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** login | bind | rebind | qrcode (state); login | bind | rebind (qrcode). */
    purpose: varchar('purpose', { length: 16 }).notNull(),
    /** Who asked (bind, rebind; a QR for binding). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The pending identity (pending); a login QR scanned by a WeChat without an account (qrcode). */
    wechatUserId: integer('wechat_user_id').references(() => wechatUsers.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
    /** A QR session: the account the phone side logged in or bound (the pc poll picks it up). */
    doneUserId: integer('done_user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oauth_sessions_expires_idx').on(t.expiresAt)],
);
