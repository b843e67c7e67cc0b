import { z } from 'zod';
import { defineCall } from './call.js';
import { idField } from './fields.js';
import { pageOf, pageQuery } from './envelope.js';
import { publicUser } from './users.js';

/** Longest private message (reference §1.7). */
export const DIALOG_TEXT_MAX = 450;

/** What one message carries: text, an uploaded image (type 4 attachment), or both; never neither. */
const messageBody = z.object({
  messageText: z
    .string()
    .max(DIALOG_TEXT_MAX, `messageText: at most ${DIALOG_TEXT_MAX} characters`)
    .default(''),
  /** An image the sender uploaded as a message image (attachments, type 4). */
  attachmentId: idField.optional(),
  /** Accepted for the original clients; the image is the attachment's, never a free URL. */
  isImage: z.unknown().optional(),
  imageUrl: z.unknown().optional(),
});

/** One message as the chat shows it. */
export const dialogMessageItem = z.object({
  id: z.number().int(),
  dialogId: z.number().int(),
  userId: z.number().int(),
  messageText: z.string(),
  imageUrl: z.string(),
  createdAt: z.string(),
  /** True for the viewer's own messages. */
  isMine: z.boolean(),
  /** The author's card, in `dialog/message` pages (the original clients read `user.avatar`). */
  user: z.object({ userId: z.number().int(), nickname: z.string(), avatar: z.string() }).optional(),
});
/** One message. */
export type DialogMessageItem = z.infer<typeof dialogMessageItem>;

/** One dialog in the list: the other side, the latest message, my unread count. */
export const dialogItem = z.object({
  dialogId: z.number().int(),
  user: publicUser,
  lastMessage: dialogMessageItem.nullable(),
  unreadCount: z.number().int(),
  updatedAt: z.string(),
  /** The original's names: `id` (= dialogId), both sides by role, and the latest message with a summary. */
  id: z.number().int(),
  dialogMessageId: z.number().int(),
  senderUserId: z.number().int(),
  recipientUserId: z.number().int(),
  sender: publicUser,
  recipient: publicUser,
  dialogMessage: dialogMessageItem.extend({ summary: z.string() }).nullable(),
});
/** One dialog. */
export type DialogItem = z.infer<typeof dialogItem>;

/** `POST dialog.create`: the first (or next) message to a user; the pair's one dialog is made on first use. */
export const dialogCreate = defineCall({
  method: 'POST',
  path: '/api/v3/dialog.create',
  summary: 'Send a private message to a user',
  tags: ['dialogs'],
  input: messageBody.extend({ recipientUserId: idField }),
  output: z.object({
    dialogId: z.number().int(),
    dialogMessageId: z.number().int(),
    message: dialogMessageItem,
  }),
});

/** `POST dialog/message.create`: a message in one of my dialogs. */
export const dialogMessageCreate = defineCall({
  method: 'POST',
  path: '/api/v3/dialog/message.create',
  summary: 'Send a message in a dialog',
  tags: ['dialogs'],
  input: messageBody.extend({ dialogId: idField }),
  output: z.object({
    dialogId: z.number().int(),
    dialogMessageId: z.number().int(),
    message: dialogMessageItem,
  }),
});

/** `GET dialog`: my dialogs, latest first. */
export const dialogList = defineCall({
  method: 'GET',
  path: '/api/v3/dialog',
  summary: 'My private conversations',
  tags: ['dialogs'],
  input: pageQuery,
  output: pageOf(dialogItem),
});

/**
 * `GET dialog/message`: a dialog's messages, newest first, in the standard list shape (`page`, `perPage`,
 * `totalCount`, `totalPage`) as the original clients page; `beforeId` pages back through a long history at the
 * same cost on any page (pages then count from it). `hasMore` tells whether older ones remain.
 */
export const dialogMessageList = defineCall({
  method: 'GET',
  path: '/api/v3/dialog/message',
  summary: 'Messages of one of my dialogs',
  tags: ['dialogs'],
  input: z
    .object({
      dialogId: idField.optional(),
      /** The original clients name the dialog `filter[dialogId]`. */
      filter: z.object({ dialogId: idField.optional() }).optional(),
      /** Only messages older than this one (our chat pages back this way); pages count from it. */
      beforeId: idField.optional(),
      page: pageQuery.shape.page,
      // The original clients ask for 200 at once.
      perPage: z.coerce.number().int().min(1).max(200).default(20),
    })
    .transform((v, ctx) => {
      const dialogId = v.dialogId ?? v.filter?.dialogId;
      if (dialogId === undefined) {
        ctx.addIssue({ code: 'custom', message: 'dialogId is required', path: ['dialogId'] });
        return z.NEVER;
      }
      return { dialogId, beforeId: v.beforeId, page: v.page, perPage: v.perPage };
    }),
  output: pageOf(dialogMessageItem).extend({
    /** Whether a later page has more (older) messages. */
    hasMore: z.boolean(),
    user: publicUser,
  }),
});

/** `POST dialog.update`: marks my side of a dialog read. */
export const dialogRead = defineCall({
  method: 'POST',
  path: '/api/v3/dialog.update',
  summary: 'Mark a dialog read',
  tags: ['dialogs'],
  input: z.object({ dialogId: idField }),
  output: z.object({ dialogId: z.number().int(), unreadCount: z.literal(0) }),
});

/** `POST dialog.delete`: hides a dialog's messages so far from my side only. */
export const dialogDelete = defineCall({
  method: 'POST',
  path: '/api/v3/dialog.delete',
  summary: 'Delete a dialog on my side',
  tags: ['dialogs'],
  input: z.object({ id: idField }),
  output: z.object({ dialogId: z.number().int() }),
});

/** `GET dialog.record`: my dialog with a user, if any (the chat page opens on it). */
export const dialogRecord = defineCall({
  method: 'GET',
  path: '/api/v3/dialog.record',
  summary: 'My dialog with a user',
  tags: ['dialogs'],
  input: z.object({ userId: idField }),
  output: z.object({ dialogId: z.number().int().nullable(), user: publicUser }),
});
