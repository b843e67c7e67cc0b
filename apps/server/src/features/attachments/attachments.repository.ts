import { and, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
import { attachmentDownloads, attachments } from './attachments.table.js';

/** A stored attachment. */
export type AttachmentRow = typeof attachments.$inferSelect;
/** What an upload writes. */
export type NewAttachment = Omit<typeof attachments.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Inserts one attachment and returns the row. */
export async function insertAttachment(db: DbOrTx, row: NewAttachment): Promise<AttachmentRow> {
  const [created] = await db.insert(attachments).values(row).returning();
  return created!;
}

/** One attachment by its public uuid. */
export async function attachmentByUuid(db: DbOrTx, uuid: string): Promise<AttachmentRow | null> {
  const [row] = await db.select().from(attachments).where(eq(attachments.uuid, uuid)).limit(1);
  return row ?? null;
}

/** Attachments by id. */
export function attachmentsByIds(db: DbOrTx, ids: number[]): Promise<AttachmentRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(attachments).where(inArray(attachments.id, ids));
}

/** Attachments bound to these owners (post or message ids) of one kind of type, in their order. */
export function attachmentsOf(db: DbOrTx, types: number[], typeIds: number[]): Promise<AttachmentRow[]> {
  if (typeIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(attachments)
    .where(and(inArray(attachments.type, types), inArray(attachments.typeId, typeIds)))
    .orderBy(attachments.typeId, attachments.order, attachments.id);
}

/** Binds the user's unbound (or already this owner's) attachments to an owner, setting their order; returns the ids bound. */
export async function bindAttachments(
  db: DbOrTx,
  userId: number,
  ids: number[],
  typeId: number,
): Promise<number[]> {
  const bound: number[] = [];
  for (const [order, id] of ids.entries()) {
    const rows = await db
      .update(attachments)
      .set({ typeId, order, updatedAt: new Date() })
      .where(
        and(
          eq(attachments.id, id),
          eq(attachments.userId, userId),
          or(isNull(attachments.typeId), eq(attachments.typeId, typeId)),
        ),
      )
      .returning({ id: attachments.id });
    if (rows.length) bound.push(id);
  }
  return bound;
}

/** Unbinds an owner's attachments of these types except `keep`; returns the ids unbound (now orphans). */
export async function unbindAttachments(
  db: DbOrTx,
  typeId: number,
  types: number[],
  keep: number[],
): Promise<number[]> {
  const rows = await db
    .update(attachments)
    .set({ typeId: null, order: 0, updatedAt: new Date() })
    .where(
      and(
        eq(attachments.typeId, typeId),
        inArray(attachments.type, types),
        keep.length ? notInArray(attachments.id, keep) : undefined,
      ),
    )
    .returning({ id: attachments.id });
  return rows.map((r) => r.id);
}

/** Deletes one attachment row. */
export async function deleteAttachmentRow(db: DbOrTx, id: number): Promise<void> {
  await db.delete(attachments).where(eq(attachments.id, id));
}

/** Deletes the attachments of these posts or messages; returns their stored files' keys. */
export async function deleteAttachmentsOf(db: DbOrTx, types: number[], typeIds: number[]): Promise<string[]> {
  if (!typeIds.length) return [];
  const rows = await db
    .delete(attachments)
    .where(and(inArray(attachments.type, types), inArray(attachments.typeId, typeIds)))
    .returning({ filePath: attachments.filePath, thumbPath: attachments.thumbPath });
  return rows.flatMap((r) => [r.filePath, r.thumbPath].filter(Boolean));
}

/**
 * Counts one download for a member today unless they reached `limit`: one statement, so parallel downloads
 * cannot pass the limit together. False when the limit is reached.
 */
export async function claimDownload(db: DbOrTx, userId: number, limit: number): Promise<boolean> {
  const day = new Date().toISOString().slice(0, 10);
  const rows = await db
    .insert(attachmentDownloads)
    .values({ userId, day, count: 1 })
    .onConflictDoUpdate({
      target: [attachmentDownloads.userId, attachmentDownloads.day],
      set: { count: sql`${attachmentDownloads.count} + 1` },
      setWhere: lt(attachmentDownloads.count, limit),
    })
    .returning({ count: attachmentDownloads.count });
  return rows.length > 0;
}
