import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx, type Tx } from '../../platform/db/db.js';
import { denyUsers, groupUser, users } from '../../schema.js';
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
  // Usually it exists: one statement. The first message inserts it (a racing first message waits on the
  // unique index and then finds the other's row).
  const lock = () => tx.select().from(dialogs).where(pairOf(from, to)).for('update');
  const [found] = await lock();
  if (found) return found;
  await tx.insert(dialogs).values({ senderUserId: from, recipientUserId: to }).onConflictDoNothing();
  const [row] = await lock();
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

/**
 * Adds a message and moves the dialog on in one statement: latest message, the other side's unread count, the
 * writer's side read, both sides' order.
 */
export async function insertMessage(tx: Tx, d: DialogRow, userId: number, text: string): Promise<MessageRow> {
  const toRecipient = d.senderUserId === userId;
  const sides = toRecipient
    ? sql`recipient_unread = ${dialogs.recipientUnread} + 1, sender_unread = 0, sender_read_at = m.created_at`
    : sql`sender_unread = ${dialogs.senderUnread} + 1, recipient_unread = 0, recipient_read_at = m.created_at`;
  const res = (await tx.execute(sql`
    with m as (
      insert into ${dialogMessages} (dialog_id, user_id, message_text) values (${d.id}, ${userId}, ${text})
      returning *
    ), u as (
      update ${dialogs} set last_message_id = m.id, updated_at = m.created_at, ${sides}
      from m where ${dialogs.id} = ${d.id}
    )
    select id, dialog_id, user_id, message_text, attachment_id, image_url, status, created_at from m`)) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  const r = res.rows[0]!;
  return {
    id: Number(r.id),
    dialogId: Number(r.dialog_id),
    userId: Number(r.user_id),
    messageText: String(r.message_text),
    attachmentId: r.attachment_id === null ? null : Number(r.attachment_id),
    imageUrl: String(r.image_url),
    status: Number(r.status),
    createdAt: new Date(r.created_at as string),
  };
}

/** Who blocked whom between two users, in one query. */
export async function blocksBetween(db: DbOrTx, me: number, other: number) {
  const res = (await db.execute(sql`
    select exists(select 1 from ${denyUsers} where user_id = ${other} and deny_user_id = ${me}) as by_them,
      exists(select 1 from ${denyUsers} where user_id = ${me} and deny_user_id = ${other}) as by_me`)) as unknown as {
    rows: Array<{ by_them: boolean; by_me: boolean }>;
  };
  return { byThem: !!res.rows[0]?.by_them, byMe: !!res.rows[0]?.by_me };
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

/**
 * A page of a dialog's messages as one side sees them, newest first, before a cursor id when given, with how
 * many there are (before that cursor).
 */
export async function listMessages(
  db: DbOrTx,
  d: DialogRow,
  userId: number,
  beforeId: number | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: MessageRow[]; total: number }> {
  const since = visibleFrom(d, userId);
  const parts = [eq(dialogMessages.dialogId, d.id)];
  if (beforeId !== undefined) parts.push(lt(dialogMessages.id, beforeId));
  if (since) parts.push(sql`${dialogMessages.createdAt} > ${since}`);
  const where = and(...parts);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(dialogMessages)
      .where(where)
      .orderBy(desc(dialogMessages.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(dialogMessages)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
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

/**
 * Whether a user exists: a message's recipient check, on every message. Written out rather than built, since
 * building a select of the whole user row cost more CPU than the rest of the message's queries together.
 */
export async function userExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await rowsOf<{ found: boolean }>(
    db,
    sql`select exists(select 1 from ${users} where id = ${id}) as found`,
  );
  return !!row?.found;
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
