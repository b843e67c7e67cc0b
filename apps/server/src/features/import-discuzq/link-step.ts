import type { PgTable } from 'drizzle-orm/pg-core';
import type { Row } from './source.js';
import type { Step } from './runner.js';

/** A link table (two ids, no id of its own): what it is keyed by and where each side's ids come from. */
export interface LinkSpec {
  table: string;
  /** The two source columns, each with the source table of its ids and the skip reason when unmapped. */
  sides: [LinkSide, LinkSide];
  target: PgTable;
  /** Our row from the two mapped ids and the source row. */
  row(a: number, b: number, r: Row): Record<string, unknown>;
}

interface LinkSide {
  column: string;
  from: string;
  missing: string;
}

/** A step for a link table: both ids renamed, rows written with ON CONFLICT DO NOTHING (so re-runs add nothing). */
export function linkStep(spec: LinkSpec): Step {
  const [sa, sb] = spec.sides;
  return {
    table: spec.table,
    keys: [sa.column, sb.column],
    needs: [sa.from, sb.from],
    async write({ tx, maps, skip }, rows) {
      const values = [];
      for (const r of rows) {
        const a = maps.get(sa.from, r[sa.column]);
        const b = maps.get(sb.from, r[sb.column]);
        if (!a || !b) skip(!a ? sa.missing : sb.missing);
        else values.push(spec.row(a, b, r));
      }
      if (values.length === 0) return 0;
      const done = await tx
        .insert(spec.target)
        .values(values as never)
        .onConflictDoNothing()
        .returning();
      return (done as unknown[]).length;
    },
  };
}
