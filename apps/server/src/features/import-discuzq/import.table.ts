import { bigint, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * What the Discuz! Q importer already brought over: (source table, source id) → our id. A re-run skips
 * what is here, so an interrupted import continues where it stopped and never duplicates.
 */
export const importIdMap = pgTable(
  'import_id_map',
  {
    source: varchar('source', { length: 60 }).notNull(),
    sourceId: bigint('source_id', { mode: 'number' }).notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.source, t.sourceId] })],
);
