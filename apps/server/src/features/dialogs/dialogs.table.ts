import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  bigint,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * One private conversation per pair of users (reference §1.7 `dialog`). Each side keeps its own read mark,
 * unread count and deletion mark: deleting hides the messages up to that moment from that side only.
 */
export const dialogs = pgTable(
  'dialogs',
  {
    id: serial('id').primaryKey(),
    senderUserId: integer('sender_user_id').notNull(),
    recipientUserId: integer('recipient_user_id').notNull(),
    /** The latest message (the list shows it); null until the first one. */
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    senderUnread: integer('sender_unread').notNull().default(0),
    recipientUnread: integer('recipient_unread').notNull().default(0),
    senderReadAt: timestamp('sender_read_at', { withTimezone: true }),
    recipientReadAt: timestamp('recipient_read_at', { withTimezone: true }),
    /** A side's messages before its deletion mark are gone for that side; the dialog reappears on a new message. */
    senderDeletedAt: timestamp('sender_deleted_at', { withTimezone: true }),
    recipientDeletedAt: timestamp('recipient_deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One row per unordered pair, whoever wrote first.
    uniqueIndex('dialogs_pair_uq').on(
      sql`least(${t.senderUserId}, ${t.recipientUserId})`,
      sql`greatest(${t.senderUserId}, ${t.recipientUserId})`,
    ),
    index('dialogs_sender_idx').on(t.senderUserId, t.updatedAt.desc()),
    index('dialogs_recipient_idx').on(t.recipientUserId, t.updatedAt.desc()),
  ],
);

/** Messages of a dialog (reference §1.7 `dialog_message`); ids only grow, so they page by cursor. */
export const dialogMessages = pgTable(
  'dialog_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dialogId: integer('dialog_id').notNull(),
    userId: integer('user_id').notNull(),
    /** At most 450 characters (checked by the contract); sanitised plain text. */
    messageText: varchar('message_text', { length: 450 }).notNull().default(''),
    attachmentId: integer('attachment_id'),
    imageUrl: text('image_url').notNull().default(''),
    /** 0 empty, 1 normal (reference). */
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dialog_messages_dialog_idx').on(t.dialogId, t.id.desc())],
);
