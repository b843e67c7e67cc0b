import { sql } from 'drizzle-orm';
import { dialogMessages, dialogs } from '../dialogs/dialogs.table.js';
import { denyUsers, userFollow } from '../follows/follows.table.js';
import { allocIds, bool, date, int, str, type Step } from './runner.js';

export const followsStep: Step = {
  table: 'user_follow',
  keys: ['from_user_id', 'to_user_id'],
  needs: ['users'],
  async write({ tx, maps, skip }, rows) {
    const values = [];
    for (const r of rows) {
      const fromUserId = maps.get('users', r.from_user_id);
      const toUserId = maps.get('users', r.to_user_id);
      if (!fromUserId || !toUserId) skip('user not imported');
      else
        values.push({
          fromUserId,
          toUserId,
          isMutual: bool(r.is_mutual),
          createdAt: date(r.created_at) ?? new Date(),
        });
    }
    if (values.length === 0) return 0;
    return (await tx.insert(userFollow).values(values).onConflictDoNothing().returning()).length;
  },
};

export const blocksStep: Step = {
  table: 'deny_users',
  keys: ['user_id', 'deny_user_id'],
  needs: ['users'],
  async write({ tx, maps, skip }, rows) {
    const values = [];
    for (const r of rows) {
      const userId = maps.get('users', r.user_id);
      const denyUserId = maps.get('users', r.deny_user_id);
      if (!userId || !denyUserId) skip('user not imported');
      else values.push({ userId, denyUserId, createdAt: date(r.created_at) ?? new Date() });
    }
    if (values.length === 0) return 0;
    return (await tx.insert(denyUsers).values(values).onConflictDoNothing().returning()).length;
  },
};

export const dialogsStep: Step = {
  table: 'dialog',
  needs: ['users'],
  async write({ tx, maps, skip }, rows) {
    const ok = rows.filter((r) => {
      if (!maps.get('users', r.sender_user_id) || !maps.get('users', r.recipient_user_id))
        return (skip('user not imported'), false);
      return true;
    });
    const ids = await allocIds(tx, 'dialogs', ok.length);
    if (ok.length > 0)
      await tx.insert(dialogs).values(
        ok.map((r, i) => ({
          id: ids[i]!,
          senderUserId: maps.get('users', r.sender_user_id),
          recipientUserId: maps.get('users', r.recipient_user_id),
          senderReadAt: date(r.sender_read_at),
          recipientReadAt: date(r.recipient_read_at),
          senderDeletedAt: date(r.sender_deleted_at),
          recipientDeletedAt: date(r.recipient_deleted_at),
          createdAt: date(r.created_at) ?? new Date(),
          updatedAt: date(r.updated_at) ?? new Date(),
        })),
      );
    return ok.map((r, i) => [int(r.id), ids[i]!]);
  },
};

export const messagesStep: Step = {
  table: 'dialog_message',
  needs: ['users', 'dialog'],
  async write({ tx, maps, skip }, rows) {
    const ok = rows.filter((r) => {
      if (!maps.get('dialog', r.dialog_id)) return (skip('dialog not imported'), false);
      if (!maps.get('users', r.user_id)) return (skip('author not imported'), false);
      return true;
    });
    const ids = await allocIds(tx, 'dialog_messages', ok.length);
    if (ok.length > 0)
      await tx.insert(dialogMessages).values(
        ok.map((r, i) => ({
          id: ids[i]!,
          dialogId: maps.get('dialog', r.dialog_id),
          userId: maps.get('users', r.user_id),
          messageText: str(r.message_text).slice(0, 450),
          status: int(r.status ?? 1),
          createdAt: date(r.created_at) ?? new Date(),
        })),
      );
    return ok.map((r, i) => [int(r.id), ids[i]!]);
  },
  // Each dialog shows its latest message.
  async finish(db) {
    await db.execute(sql`UPDATE dialogs d SET last_message_id = m.id FROM (
      SELECT dialog_id, max(id) AS id FROM dialog_messages GROUP BY dialog_id) m
      WHERE d.id = m.dialog_id AND d.last_message_id IS DISTINCT FROM m.id`);
  },
};
