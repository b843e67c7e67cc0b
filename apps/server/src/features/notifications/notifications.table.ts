import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Notifications per recipient (reference §1.8). `type` is the original's (system, replied, liked, related,
 * rewarded, threadrewarded, threadrewardedexpired, receiveredpacket, questioned, withdrawal); `data` holds
 * what the list shows (rendered title and content, thread and post ids, amounts).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    type: varchar('type', { length: 32 }).notNull(),
    /** Who caused it (null for the system). */
    senderId: integer('sender_id'),
    data: jsonb('data').notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_type_idx').on(t.userId, t.type, t.id.desc()),
    // Unread counts read only the unread rows.
    index('notifications_unread_idx')
      .on(t.userId, t.type)
      .where(sql`${t.readAt} is null`),
  ],
);

/**
 * Notification templates (reference §1.8 `notification_tpls`): one row per event and channel
 * (0 system, 1 WeChat official account, 2 SMS, 3 WeCom, 4 mini-program). `content` holds `{variables}`.
 * `title_en` / `content_en` are the English text (null until seeded: the seed fills them without touching the
 * Chinese an administrator may have edited).
 */
export const notificationTpls = pgTable(
  'notification_tpls',
  {
    id: serial('id').primaryKey(),
    noticeId: varchar('notice_id', { length: 64 }).notNull(),
    status: smallint('status').notNull().default(1),
    type: smallint('type').notNull().default(0),
    typeName: varchar('type_name', { length: 64 }).notNull(),
    title: varchar('title', { length: 200 }).notNull().default(''),
    content: text('content').notNull().default(''),
    titleEn: varchar('title_en', { length: 200 }),
    contentEn: text('content_en'),
    vars: jsonb('vars').notNull().default({}),
    templateId: varchar('template_id', { length: 100 }).notNull().default(''),
    firstData: text('first_data').notNull().default(''),
    keywordsData: text('keywords_data').notNull().default(''),
    remarkData: text('remark_data').notNull().default(''),
    color: varchar('color', { length: 32 }).notNull().default(''),
    redirectType: smallint('redirect_type').notNull().default(0),
    redirectUrl: text('redirect_url').notNull().default(''),
    pagePath: text('page_path').notNull().default(''),
    isError: smallint('is_error').notNull().default(0),
    errorMsg: text('error_msg').notNull().default(''),
    pushType: smallint('push_type').notNull().default(0),
    delayTime: integer('delay_time').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notification_tpls_notice_type_uq').on(t.noticeId, t.type)],
);
