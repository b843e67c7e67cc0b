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

/** Posts: the first post holds a thread's text; replies have a per-thread number; comments hang under a reply. */
export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id').notNull(),
    userId: integer('user_id').notNull(),
    /** For a comment: the reply it sits under. */
    replyPostId: integer('reply_post_id').notNull().default(0),
    replyUserId: integer('reply_user_id').notNull().default(0),
    /** For a comment answering another comment. */
    commentPostId: integer('comment_post_id').notNull().default(0),
    commentUserId: integer('comment_user_id').notNull().default(0),
    /** Reply number in the thread (1, 2, ...); 0 for the first post; the parent's for comments. */
    seq: integer('seq').notNull().default(0),
    content: text('content').notNull().default(''),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    replyCount: integer('reply_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    isFirst: boolean('is_first').notNull().default(false),
    isComment: boolean('is_comment').notNull().default(false),
    isApproved: smallint('is_approved').notNull().default(1),
    /** Stop words that sent it to review (the original's `post_mod`). */
    modWords: text('mod_words').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedUserId: integer('deleted_user_id'),
  },
  (t) => [
    index('posts_replies_seq_idx')
      .on(t.threadId, t.seq)
      .where(sql`${t.isFirst} = false and ${t.isComment} = false`),
    index('posts_first_idx')
      .on(t.threadId)
      .where(sql`${t.isFirst} = true`),
    index('posts_comments_idx')
      .on(t.replyPostId, t.id)
      .where(sql`${t.isComment} = true`),
    index('posts_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

/** Likes on posts (the original's `post_user`); a thread's likes are its first post's. */
export const postLikes = pgTable(
  'post_likes',
  {
    postId: integer('post_id').notNull(),
    userId: integer('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index('post_likes_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

/** `@nickname` mentions resolved to users; the notifications feature reads these. */
export const postMentions = pgTable(
  'post_mentions',
  {
    postId: integer('post_id').notNull(),
    userId: integer('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_mentions_user_idx').on(t.userId)],
);
