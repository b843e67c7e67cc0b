import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/** Uploaded files (reference §1.16). `file_path` is a storage key made by the server, never a client name. */
export const attachments = pgTable(
  'attachments',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique(),
    userId: integer('user_id').notNull(),
    /** 0 file, 1 image, 2 audio, 3 video, 4 message image. */
    type: smallint('type').notNull(),
    /** The post or dialog message it belongs to; null until the content using it is saved. */
    typeId: integer('type_id'),
    order: integer('order').notNull().default(0),
    isRemote: boolean('is_remote').notNull().default(false),
    /** 1 approved, 0 pending review. */
    isApproved: smallint('is_approved').notNull().default(1),
    filePath: text('file_path').notNull(),
    thumbPath: text('thumb_path').notNull().default(''),
    /** The uploader's name, cleaned of paths and control characters; only ever shown escaped. */
    fileName: varchar('file_name', { length: 255 }).notNull(),
    fileSize: integer('file_size').notNull(),
    fileType: varchar('file_type', { length: 100 }).notNull(),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('attachments_type_id_idx').on(t.type, t.typeId),
    index('attachments_user_id_idx').on(t.userId),
  ],
);

/** Attachment files each member downloaded per day (UTC), for `support_max_download_num`. */
export const attachmentDownloads = pgTable(
  'attachment_downloads',
  {
    userId: integer('user_id').notNull(),
    day: date('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
