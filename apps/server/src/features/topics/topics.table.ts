import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** Topics created by `#name#` in content. */
export const topics = pgTable(
  'topics',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    content: varchar('content', { length: 100 }).notNull(),
    threadCount: integer('thread_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    recommended: boolean('recommended').notNull().default(false),
    recommendedAt: timestamp('recommended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('topics_content_uq').on(sql`lower(${t.content})`),
    index('topics_thread_count_idx').on(t.threadCount),
  ],
);

/** Which threads carry which topics. */
export const threadTopics = pgTable(
  'thread_topics',
  {
    threadId: integer('thread_id').notNull(),
    topicId: integer('topic_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.topicId] }), index('thread_topics_topic_idx').on(t.topicId)],
);

/** Emoji codes (`:smile:`) and their images. */
export const emoji = pgTable(
  'emoji',
  {
    id: serial('id').primaryKey(),
    category: varchar('category', { length: 20 }).notNull().default('qq'),
    url: varchar('url', { length: 200 }).notNull(),
    code: varchar('code', { length: 40 }).notNull(),
    order: integer('order').notNull().default(0),
  },
  (t) => [uniqueIndex('emoji_code_uq').on(t.code)],
);
