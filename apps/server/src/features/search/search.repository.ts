import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { segment, toTsQuery } from './search.segment.js';

/** `to_tsvector('simple', <segmented text>)`: the value to write into a `search_vector` column. */
export function tsvectorOf(text: string): SQL {
  return sql`to_tsvector('simple', ${segment(text)})`;
}

/** `column @@ to_tsquery(...)` for a user's query, or null when the query has no words (skip the filter). */
export function matchesQuery(column: SQLWrapper, query: string): SQL | null {
  const q = toTsQuery(query);
  return q ? sql`${column} @@ to_tsquery('simple', ${q})` : null;
}

/** `ts_rank(column, query)` for ordering by relevance (`0::real` when the query has no words: a bare 0 would be a column position in ORDER BY). */
export function rankOf(column: SQLWrapper, query: string): SQL<number> {
  const q = toTsQuery(query);
  return q ? sql<number>`ts_rank(${column}, to_tsquery('simple', ${q}))` : sql<number>`0::real`;
}

/** `column ILIKE '%query%'` with LIKE wildcards escaped: substring search served by a pg_trgm GIN index. */
export function titleContains(column: SQLWrapper, query: string): SQL | null {
  const q = query.trim().slice(0, 100);
  if (!q) return null;
  return sql`${column} ILIKE ${`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
}
