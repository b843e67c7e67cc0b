import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
import { adminSignInFields, userSignInFields } from './signin-fields.table.js';

/** A field row. */
export type FieldRow = typeof adminSignInFields.$inferSelect;
/** An answer row. */
export type AnswerRow = typeof userSignInFields.$inferSelect;

/** Fields not deleted (or only enabled ones), by sort then id. */
export function listFields(db: DbOrTx, enabledOnly = false): Promise<FieldRow[]> {
  return db
    .select()
    .from(adminSignInFields)
    .where(enabledOnly ? eq(adminSignInFields.status, 1) : ne(adminSignInFields.status, 0))
    .orderBy(asc(adminSignInFields.sort), asc(adminSignInFields.id));
}

export async function findField(db: DbOrTx, id: number): Promise<FieldRow | null> {
  const [row] = await db.select().from(adminSignInFields).where(eq(adminSignInFields.id, id));
  return row ?? null;
}

export async function insertField(db: DbOrTx, row: typeof adminSignInFields.$inferInsert): Promise<FieldRow> {
  const [f] = await db.insert(adminSignInFields).values(row).returning();
  return f!;
}

export async function updateField(
  db: DbOrTx,
  id: number,
  patch: Partial<typeof adminSignInFields.$inferInsert>,
): Promise<FieldRow | null> {
  const [f] = await db
    .update(adminSignInFields)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(adminSignInFields.id, id))
    .returning();
  return f ?? null;
}

/** True when an enabled field is required. */
export async function hasRequiredField(db: DbOrTx): Promise<boolean> {
  const rows = await db
    .select({ id: adminSignInFields.id })
    .from(adminSignInFields)
    .where(and(eq(adminSignInFields.status, 1), eq(adminSignInFields.required, true)))
    .limit(1);
  return rows.length > 0;
}

/** A user's answers with their fields. */
export async function answersOf(db: DbOrTx, userId: number) {
  return db
    .select({ a: userSignInFields, f: adminSignInFields })
    .from(userSignInFields)
    .innerJoin(adminSignInFields, eq(adminSignInFields.id, userSignInFields.aid))
    .where(and(eq(userSignInFields.userId, userId), ne(adminSignInFields.status, 0)))
    .orderBy(asc(adminSignInFields.sort), asc(adminSignInFields.id));
}

/** Stores (or replaces) a user's answers, each pending again. */
export async function upsertAnswers(
  db: DbOrTx,
  userId: number,
  answers: Array<{ aid: number; fieldsExt: string }>,
): Promise<void> {
  if (!answers.length) return;
  await db
    .insert(userSignInFields)
    .values(answers.map((a) => ({ userId, aid: a.aid, fieldsExt: a.fieldsExt, status: 1 })))
    .onConflictDoUpdate({
      target: [userSignInFields.userId, userSignInFields.aid],
      set: { fieldsExt: sql`excluded.fields_ext`, status: 1, remark: '', updatedAt: new Date() },
    });
}

/** Ids of the given fields that are enabled. */
export async function enabledFieldIds(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: adminSignInFields.id })
    .from(adminSignInFields)
    .where(and(inArray(adminSignInFields.id, ids), eq(adminSignInFields.status, 1)));
  return new Set(rows.map((r) => r.id));
}

/** Marks all of a user's answers passed or rejected (with the reason). */
export async function setAnswersStatus(
  db: DbOrTx,
  userId: number,
  status: number,
  remark: string,
): Promise<void> {
  await db
    .update(userSignInFields)
    .set({ status, remark, updatedAt: new Date() })
    .where(eq(userSignInFields.userId, userId));
}
