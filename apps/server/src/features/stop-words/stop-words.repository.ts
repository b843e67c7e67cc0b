import { count, desc, ilike, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
import { stopWords } from './stop-words.table.js';

/** A stored stop word. */
export type StopWordRow = typeof stopWords.$inferSelect;
/** The writable part of a stop word. */
export type StopWordValues = Omit<typeof stopWords.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Every stop word (the engine compiles them all into memory). */
export function allStopWords(db: DbOrTx): Promise<StopWordRow[]> {
  return db.select().from(stopWords).orderBy(stopWords.id);
}

/** One page of stop words, newest first, optionally filtered by a substring of the word. */
export async function pageStopWords(
  db: DbOrTx,
  keyword: string | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: StopWordRow[]; total: number }> {
  const where = keyword
    ? ilike(stopWords.find, `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    : undefined;
  const rows = await db
    .select()
    .from(stopWords)
    .where(where)
    .orderBy(desc(stopWords.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(stopWords).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The lowercased finds of these words that already exist. */
export async function existingFinds(db: DbOrTx, lowerFinds: string[]): Promise<Set<string>> {
  if (lowerFinds.length === 0) return new Set();
  const rows = await db
    .select({ find: stopWords.find })
    .from(stopWords)
    .where(inArray(sql`lower(${stopWords.find})`, lowerFinds));
  return new Set(rows.map((r) => r.find.toLowerCase()));
}

/** Inserts new words, skipping any whose find already exists. */
export async function insertStopWords(db: DbOrTx, rows: StopWordValues[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(stopWords).values(rows).onConflictDoNothing();
}

/** Updates an existing word (matched case-insensitively on find). */
export async function updateStopWord(db: DbOrTx, row: StopWordValues): Promise<void> {
  const { find, ...rest } = row;
  await db
    .update(stopWords)
    .set({ ...rest, find, updatedAt: new Date() })
    .where(sql`lower(${stopWords.find}) = ${find.toLowerCase()}`);
}

/** Deletes words by id; returns how many went. */
export async function deleteStopWords(db: DbOrTx, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const gone = await db.delete(stopWords).where(inArray(stopWords.id, ids)).returning({ id: stopWords.id });
  return gone.length;
}
