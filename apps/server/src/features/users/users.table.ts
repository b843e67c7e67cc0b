import { sql } from 'drizzle-orm';
import {
  bigint,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  index,
  varchar,
} from 'drizzle-orm/pg-core';

/** Accounts. Counters are denormalised for fast profile cards. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 100 }).notNull(),
    nickname: varchar('nickname', { length: 100 }).notNull().default(''),
    passwordHash: text('password_hash').notNull().default(''),
    payPasswordHash: text('pay_password_hash').notNull().default(''),
    mobile: varchar('mobile', { length: 20 }).notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    background: text('background').notNull().default(''),
    signature: varchar('signature', { length: 200 }).notNull().default(''),
    /** 0 normal, 1 banned, 2 pending review, 3 rejected, 4 ignored, 10 needs sign-in fields. */
    status: smallint('status').notNull().default(0),
    rejectReason: text('reject_reason').notNull().default(''),
    banReason: text('ban_reason').notNull().default(''),
    registerReason: text('register_reason').notNull().default(''),
    registerIp: varchar('register_ip', { length: 64 }).notNull().default(''),
    lastLoginIp: varchar('last_login_ip', { length: 64 }).notNull().default(''),
    loginAt: timestamp('login_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** Paid-site membership expiry (pay mode). */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    threadCount: integer('thread_count').notNull().default(0),
    postCount: integer('post_count').notNull().default(0),
    followCount: integer('follow_count').notNull().default(0),
    fansCount: integer('fans_count').notNull().default(0),
    likedCount: integer('liked_count').notNull().default(0),
    /** Bitmask: 1 WeChat, 2 QQ, 4 phone. */
    bindType: smallint('bind_type').notNull().default(0),
    usernameBout: integer('username_bout').notNull().default(0),
    /** The member's verified email address ('' none); an address awaiting its link is in `email_tokens`. */
    email: varchar('email', { length: 254 }).notNull().default(''),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The SMTP server's permanent refusal of `email` ('' none): nothing more goes to it until the member sets one. */
    emailBounce: varchar('email_bounce', { length: 500 }).notNull().default(''),
    /** Notification email while away: `off`, `each` (as they come, when unread for a while) or `digest` (daily). */
    emailNotify: varchar('email_notify', { length: 8 }).notNull().default('digest'),
    /** The newest notification id already told by email (each or digest), so none is mailed twice. */
    emailNotifiedId: bigint('email_notified_id', { mode: 'number' }).notNull().default(0),
    /** The member's language for email ('zh', 'en'; '' not known yet: the site's default, Chinese). */
    lang: varchar('lang', { length: 8 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    index('users_nickname_idx').on(t.nickname),
    // One account per phone; an empty mobile means none bound.
    uniqueIndex('users_mobile_uq')
      .on(t.mobile)
      .where(sql`${t.mobile} <> ''`),
    index('users_status_idx').on(t.status),
    // One account per verified address (case-insensitive), so a password reset by email finds one account.
    uniqueIndex('users_email_uq')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.email} <> ''`),
    // The notification email runs look for members with a choice and an address.
    index('users_email_notify_idx')
      .on(t.emailNotify)
      .where(sql`${t.email} <> ''`),
    // Substring search (users.list) on any script: trigram GIN over the lower-cased names.
    index('users_nickname_trgm_idx').using('gin', sql`lower(${t.nickname}) gin_trgm_ops`),
    index('users_username_trgm_idx').using('gin', sql`lower(${t.username}) gin_trgm_ops`),
  ],
);

/** Opaque access tokens, stored as SHA-256 hashes; revocable. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    refreshHash: varchar('refresh_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 300 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('access_tokens_token_uq').on(t.tokenHash),
    uniqueIndex('access_tokens_refresh_uq').on(t.refreshHash),
    index('access_tokens_user_idx').on(t.userId),
  ],
);

/** Failed logins per IP, for the 5-attempt lockout (reference §1.1). */
export const loginFailures = pgTable('login_failures', {
  ip: varchar('ip', { length: 64 }).primaryKey(),
  count: integer('count').notNull().default(0),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull().defaultNow(),
});
