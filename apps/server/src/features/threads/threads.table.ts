import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/** PostgreSQL `tsvector` (drizzle has no built-in type); written only through the search feature's `tsvectorOf`. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Threads. Counters are denormalised and updated in the same transaction as the write that changes them. */
export const threads = pgTable(
  'threads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    lastPostedUserId: integer('last_posted_user_id'),
    categoryId: integer('category_id').notNull(),
    title: varchar('title', { length: 200 }).notNull().default(''),
    postCount: integer('post_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    shareCount: integer('share_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    favoriteCount: integer('favorite_count').notNull().default(0),
    paidCount: integer('paid_count').notNull().default(0),
    /** Paid tips (order type 2), counted by the tip's fulfil (`thread_tip_fulfil`) as `paid_count` is for sales. */
    rewardedCount: integer('rewarded_count').notNull().default(0),
    /** Next reply number: replies get 1, 2, 3... so "which page" and deep pages are index lookups. */
    replySeq: integer('reply_seq').notNull().default(0),
    /** Cents (the money issue fills these). */
    price: bigint('price', { mode: 'number' }).notNull().default(0),
    attachmentPrice: bigint('attachment_price', { mode: 'number' }).notNull().default(0),
    freeWords: doublePrecision('free_words').notNull().default(0),
    longitude: doublePrecision('longitude').notNull().default(0),
    latitude: doublePrecision('latitude').notNull().default(0),
    address: varchar('address', { length: 200 }).notNull().default(''),
    location: varchar('location', { length: 200 }).notNull().default(''),
    /** Block types present (tom ids as text), for `filter.types`. */
    tomTypes: text('tom_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Plain title + text (capped): the substring fallback for queries full-text cannot serve (one character, no words). */
    searchText: text('search_text').notNull().default(''),
    /** `to_tsvector('simple', segment(title + text))`: Chinese is segmented in the app (search feature). */
    searchVector: tsvector('search_vector')
      .notNull()
      .default(sql`''::tsvector`),
    isApproved: smallint('is_approved').notNull().default(1),
    isSticky: boolean('is_sticky').notNull().default(false),
    stickSort: integer('stick_sort').notNull().default(0),
    isEssence: boolean('is_essence').notNull().default(false),
    isSite: boolean('is_site').notNull().default(false),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    isDraft: boolean('is_draft').notNull().default(false),
    /** Last reply time (sort 2). */
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it was published (null while a draft). */
    issueAt: timestamp('issue_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedUserId: integer('deleted_user_id'),
  },
  // Every DESC index says NULLS FIRST: that is what a plain `ORDER BY x DESC` means, and PostgreSQL only
  // walks an index whose null ordering matches (drizzle's bare .desc() emits NULLS LAST → seq scans).
  (t) => [
    index('threads_public_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null and ${t.isDraft} = false and ${t.isApproved} = 1`),
    // Logged-in lists see public threads OR their own, which a partial index on "approved" cannot answer:
    // these walk every live thread in order, and count them from a narrow covering index.
    index('threads_live_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('threads_live_cover_idx')
      .on(t.categoryId, t.isApproved, t.isDraft, t.userId)
      .where(sql`${t.deletedAt} is null`),
    // Lets the list's count(*) be an index-only scan instead of reading every wide thread row.
    index('threads_public_category_idx')
      .on(t.categoryId)
      .where(sql`${t.deletedAt} is null and ${t.isDraft} = false and ${t.isApproved} = 1`),
    index('threads_category_created_idx').on(t.categoryId, t.createdAt.desc().nullsFirst()),
    index('threads_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('threads_posted_idx').on(t.postedAt.desc().nullsFirst()),
    index('threads_sticky_idx')
      .on(t.stickSort)
      .where(sql`${t.isSticky} = true`),
    // `thread.recommends` and the recommended tab read the few recommended threads newest first.
    index('threads_site_idx')
      .on(t.id.desc().nullsFirst())
      .where(sql`${t.isSite} = true and ${t.deletedAt} is null`),
    index('threads_tom_types_idx').using('gin', t.tomTypes),
    index('threads_search_vector_idx').using('gin', t.searchVector),
    index('threads_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
  ],
);

/** Typed content blocks ("toms") of a thread, keyed by the editor's index key. */
export const threadToms = pgTable(
  'thread_toms',
  {
    threadId: integer('thread_id').notNull(),
    key: varchar('key', { length: 40 }).notNull(),
    tomType: varchar('tom_type', { length: 40 }).notNull(),
    body: jsonb('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.key] })],
);

/** Favourites (the original's `thread_user`). */
export const threadFavorites = pgTable(
  'thread_favorites',
  {
    threadId: integer('thread_id').notNull(),
    userId: integer('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.threadId, t.userId] }),
    index('thread_favorites_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * Who has viewed which thread (the original's `thread_user_view_records`), written by `view.count` for
 * logged-in readers while `open_view_count` is on: one row per pair, the first view's time kept.
 */
export const threadUserViewRecords = pgTable(
  'thread_user_view_records',
  {
    threadId: integer('thread_id').notNull(),
    userId: integer('user_id').notNull(),
    viewAt: timestamp('view_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.threadId, t.userId] }),
    index('thread_user_view_records_user_idx').on(t.userId, t.viewAt.desc().nullsFirst()),
  ],
);

/** The one thread a user pins on their own profile. */
export const userThreadSticks = pgTable('user_thread_sticks', {
  userId: integer('user_id').primaryKey(),
  threadId: integer('thread_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A vote block (tomId 109). */
export const threadVotes = pgTable(
  'thread_votes',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id').notNull(),
    title: varchar('title', { length: 100 }).notNull().default(''),
    /** 1 single, 2 multiple. */
    choiceType: smallint('choice_type').notNull().default(1),
    voteUsers: integer('vote_users').notNull().default(0),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('thread_votes_thread_idx').on(t.threadId)],
);

/** Options of a vote. */
export const threadVoteOptions = pgTable(
  'thread_vote_options',
  {
    id: serial('id').primaryKey(),
    voteId: integer('vote_id').notNull(),
    content: varchar('content', { length: 50 }).notNull(),
    voteCount: integer('vote_count').notNull().default(0),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('thread_vote_options_vote_idx').on(t.voteId, t.sort)],
);

/** Who chose what. */
export const threadVoteUsers = pgTable(
  'thread_vote_users',
  {
    voteId: integer('vote_id').notNull(),
    userId: integer('user_id').notNull(),
    optionId: integer('option_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.voteId, t.userId, t.optionId] })],
);
