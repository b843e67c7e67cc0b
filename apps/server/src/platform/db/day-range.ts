import { gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Conditions keeping a timestamp column within UTC days (YYYY-MM-DD, both inclusive; either may be absent). */
export function withinDays(column: AnyPgColumn, begin?: string, end?: string): SQL[] {
  const c: SQL[] = [];
  if (begin) c.push(gte(column, new Date(`${begin}T00:00:00Z`)));
  if (end) c.push(lt(column, sql`${`${end}T00:00:00Z`}::timestamptz + interval '1 day'`));
  return c;
}
