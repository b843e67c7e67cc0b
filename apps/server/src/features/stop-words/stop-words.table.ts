import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Stop words (reference §1.12): one word with an action per scope: {IGNORE}, {REPLACE}, {MOD} or {BANNED}. */
export const stopWords = pgTable(
  'stop_words',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id'),
    find: varchar('find', { length: 200 }).notNull(),
    replacement: varchar('replacement', { length: 200 }).notNull().default('**'),
    ugc: varchar('ugc', { length: 10 }).notNull().default('{IGNORE}'),
    username: varchar('username', { length: 10 }).notNull().default('{IGNORE}'),
    signature: varchar('signature', { length: 10 }).notNull().default('{IGNORE}'),
    dialog: varchar('dialog', { length: 10 }).notNull().default('{IGNORE}'),
    nickname: varchar('nickname', { length: 10 }).notNull().default('{IGNORE}'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('stop_words_find_lower_uq').on(sql`lower(${t.find})`)],
);
