import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/db.js';
import { groupUser, users } from '../../schema.js';
import type { UserRow } from '../users/index.js';
import { dialogMessages, dialogs } from './dialogs.table.js';

/** A dialog row. */
export type DialogRow = typeof dialogs.$inferSelect;
/** A message row. */
export type MessageRow = typeof dialogMessages.$inferSelect;

/** Which side of a dialog a user is on, and the other user. */
export function sideOf(d: DialogRow, userId: number): { mine: 'sender' | 'recipient'; other: number } | null {
  if (d.senderUserId === userId) return { mine: 'sender', other: d.recipientUserId };
  if (d.recipientUserId === userId) return { mine: 'recipient', other: d.senderUserId };
  return null;
}

/** The pair's dialog, made on first use; locked for the rest of the transaction (one writer per pair). */
export async function lockDialogOfPair(tx: Tx, from: number, to: number): Promise<DialogRow> {
  await tx.insert(dialogs).values({ senderUserId: from, recipientUserId: to }).onConflictDoNothing();
  const [row] = await tx.select().from(dialogs).where(pairOf(from, to)).for('update');
  return row!;
}

function pairOf(a: number, b: number) {
  return sql`least(${dialogs.senderUserId}, ${dialogs.recipientUserId}) = ${Math.min(a, b)}
    and greatest(${dialogs.senderUserId}, ${dialogs.recipientUserId}) = ${Math.max(a, b)}`;
}

/** The pair's dialog if there is one. */
export async function findDialogOfPair(db: DbOrTx, a: number, b: number): Promise<DialogRow | null> {
  const [row] = await db.select().from(dialogs).where(pairOf(a, b)).limit(1);
  return row ?? null;
}

/** A dialog by id (locked when asked). */
export async function findDialog(db: DbOrTx, id: number, lock = false): Promise<DialogRow | null> {
  const q = db.select().from(dialogs).where(eq(dialogs.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** Adds a message and moves the dialog on: latest message, the other side's unread count, both sides' order. */
export async function insertMessage(tx: Tx, d: DialogRow, userId: number, text: string): Promise<MessageRow> {
  const [msg] = await tx
    .insert(dialogMessages)
    .values({ dialogId: d.id, userId, messageText: text })
    .returning();
  const toRecipient = d.senderUserId === userId;
  await tx
    .update(dialogs)
    .set({
      lastMessageId: msg!.id,
      updatedAt: msg!.createdAt,
      ...(toRecipient
        ? {
            recipientUnread: sql`${dialogs.recipientUnread} + 1`,
            senderUnread: 0,
            senderReadAt: msg!.createdAt,
          }
        : {
            senderUnread: sql`${dialogs.senderUnread} + 1`,
            recipientUnread: 0,
            recipientReadAt: msg!.createdAt,
          }),
    })
    .where(eq(dialogs.id, d.id));
  return msg!;
}

/** Sets a message's image after its upload was bound to it. */
export async function setMessageImage(tx: Tx, id: number, attachmentId: number, url: string): Promise<void> {
  await tx.update(dialogMessages).set({ attachmentId, imageUrl: url }).where(eq(dialogMessages.id, id));
}

/** Marks one side read. */
export async function markDialogRead(db: DbOrTx, d: DialogRow, side: 'sender' | 'recipient'): Promise<void> {
  await db
    .update(dialogs)
    .set(
      side === 'sender'
        ? { senderUnread: 0, senderReadAt: new Date() }
        : { recipientUnread: 0, recipientReadAt: new Date() },
    )
    .where(eq(dialogs.id, d.id));
}

/** Hides the dialog so far from one side (and clears that side's unread). */
export async function deleteDialogSide(
  db: DbOrTx,
  d: DialogRow,
  side: 'sender' | 'recipient',
): Promise<void> {
  const now = new Date();
  await db
    .update(dialogs)
    .set(
      side === 'sender'
        ? { senderDeletedAt: now, senderUnread: 0, senderReadAt: now }
        : { recipientDeletedAt: now, recipientUnread: 0, recipientReadAt: now },
    )
    .where(eq(dialogs.id, d.id));
}

/** What one side may still see: messages after its deletion mark. */
function visibleFrom(d: DialogRow, userId: number): Date | null {
  return d.senderUserId === userId ? d.senderDeletedAt : d.recipientDeletedAt;
}

/** A page of a dialog's messages as one side sees them, newest first, before a cursor id. */
export async function listMessages(
  db: DbOrTx,
  d: DialogRow,
  userId: number,
  beforeId: number | undefined,
  limit: number,
): Promise<MessageRow[]> {
  const since = visibleFrom(d, userId);
  const parts = [eq(dialogMessages.dialogId, d.id)];
  if (beforeId !== undefined) parts.push(lt(dialogMessages.id, beforeId));
  if (since) parts.push(sql`${dialogMessages.createdAt} > ${since}`);
  return db
    .select()
    .from(dialogMessages)
    .where(and(...parts))
    .orderBy(desc(dialogMessages.id))
    .limit(limit);
}

/** A page of a user's dialogs that have a message they can still see, latest first, with the total. */
export async function listDialogs(
  db: DbOrTx,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ rows: DialogRow[]; total: number }> {
  const where = and(
    sql`${dialogs.lastMessageId} is not null`,
    or(
      and(
        eq(dialogs.senderUserId, userId),
        sql`(${dialogs.senderDeletedAt} is null or ${dialogs.updatedAt} > ${dialogs.senderDeletedAt})`,
      ),
      and(
        eq(dialogs.recipientUserId, userId),
        sql`(${dialogs.recipientDeletedAt} is null or ${dialogs.updatedAt} > ${dialogs.recipientDeletedAt})`,
      ),
    ),
  );
  const [rows, count] = await Promise.all([
    db
      .select()
      .from(dialogs)
      .where(where)
      .orderBy(desc(dialogs.updatedAt), desc(dialogs.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(dialogs)
      .where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** Messages by id. */
export async function messagesById(db: DbOrTx, ids: number[]): Promise<Map<number, MessageRow>> {
  if (!ids.length) return new Map();
  const rows = await db.select().from(dialogMessages).where(inArray(dialogMessages.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Users with their group, by id. */
export async function usersWithGroup(
  db: DbOrTx,
  ids: number[],
): Promise<Map<number, { user: UserRow; groupId: number | null }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ user: users, groupId: groupUser.groupId })
    .from(users)
    .leftJoin(groupUser, eq(groupUser.userId, users.id))
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.user.id, r]));
}

/** The dialog a message belongs to (attachment access). */
export async function dialogOfMessage(db: DbOrTx, messageId: number): Promise<DialogRow | null> {
  const [row] = await db
    .select({ d: dialogs })
    .from(dialogMessages)
    .innerJoin(dialogs, eq(dialogs.id, dialogMessages.dialogId))
    .where(eq(dialogMessages.id, messageId))
    .limit(1);
  return row?.d ?? null;
}
