import {
  bigint,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * What members bought of paid threads (reference §1.3: order type 3 the thread, 7 its attachments): one row per
 * member, thread and type, written with the order's payment, so `paid` is true from then on.
 */
export const threadPurchases = pgTable(
  'thread_purchases',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    threadId: integer('thread_id').notNull(),
    /** The order type: 3 thread, 7 attachments. */
    type: smallint('type').notNull(),
    orderSn: varchar('order_sn', { length: 22 }).notNull(),
    amountFen: bigint('amount_fen', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Paying twice for the same thing is impossible: the second payment's transaction fails on this.
    unique('thread_purchases_uq').on(t.userId, t.threadId, t.type),
    index('thread_purchases_user_idx').on(t.userId, t.id.desc()),
  ],
);
