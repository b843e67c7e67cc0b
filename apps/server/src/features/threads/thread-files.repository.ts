import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
import { attachments } from '../../schema.js';

/** Owner, type and binding of some uploads: what a thread write checks before binding them. */
export function findUploads(db: DbOrTx, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({
      id: attachments.id,
      userId: attachments.userId,
      type: attachments.type,
      typeId: attachments.typeId,
    })
    .from(attachments)
    .where(inArray(attachments.id, ids));
}

/** An upload as `findUploads` answers it. */
export type UploadRef = Awaited<ReturnType<typeof findUploads>>[number];
