import { sql } from 'drizzle-orm';
import { dialogMessages, dialogs } from '../dialogs/dialogs.table.js';
import { denyUsers, userFollow } from '../follows/follows.table.js';
import { entityStep, linkStep } from './link-step.js';
import { bool, date, int, str, type Step } from './runner.js';

export const followsStep = linkStep({
  table: 'user_follow',
  sides: [
    { column: 'from_user_id', from: 'users', missing: 'user not imported' },
    { column: 'to_user_id', from: 'users', missing: 'user not imported' },
  ],
  target: userFollow,
  row: (fromUserId, toUserId, r) => ({
    fromUserId,
    toUserId,
    isMutual: bool(r.is_mutual),
    createdAt: date(r.created_at) ?? new Date(),
  }),
});

export const blocksStep = linkStep({
  table: 'deny_users',
  sides: [
    { column: 'user_id', from: 'users', missing: 'user not imported' },
    { column: 'deny_user_id', from: 'users', missing: 'user not imported' },
  ],
  target: denyUsers,
  row: (userId, denyUserId, r) => ({ userId, denyUserId, createdAt: date(r.created_at) ?? new Date() }),
});

export const dialogsStep = entityStep({
  table: 'dialog',
  needs: ['users'],
  required: [
    ['sender_user_id', 'users', 'user not imported'],
    ['recipient_user_id', 'users', 'user not imported'],
  ],
  into: 'dialogs',
  insert: (tx, items, maps) =>
    tx.insert(dialogs).values(
      items.map(({ r, id }) => ({
        id,
        senderUserId: maps.get('users', r.sender_user_id),
        recipientUserId: maps.get('users', r.recipient_user_id),
        senderReadAt: date(r.sender_read_at),
        recipientReadAt: date(r.recipient_read_at),
        senderDeletedAt: date(r.sender_deleted_at),
        recipientDeletedAt: date(r.recipient_deleted_at),
        createdAt: date(r.created_at) ?? new Date(),
        updatedAt: date(r.updated_at) ?? new Date(),
      })),
    ),
});

export const messagesStep: Step = {
  ...entityStep({
    table: 'dialog_message',
    needs: ['users', 'dialog'],
    required: [
      ['dialog_id', 'dialog', 'dialog not imported'],
      ['user_id', 'users', 'author not imported'],
    ],
    into: 'dialog_messages',
    insert: (tx, items, maps) =>
      tx.insert(dialogMessages).values(
        items.map(({ r, id }) => ({
          id,
          dialogId: maps.get('dialog', r.dialog_id),
          userId: maps.get('users', r.user_id),
          messageText: str(r.message_text).slice(0, 450),
          status: int(r.status ?? 1),
          createdAt: date(r.created_at) ?? new Date(),
        })),
      ),
  }),
  // Each dialog shows its latest message.
  async finish(db) {
    await db.execute(sql`UPDATE dialogs d SET last_message_id = m.id FROM (
      SELECT dialog_id, max(id) AS id FROM dialog_messages GROUP BY dialog_id) m
      WHERE d.id = m.dialog_id AND d.last_message_id IS DISTINCT FROM m.id`);
  },
};
