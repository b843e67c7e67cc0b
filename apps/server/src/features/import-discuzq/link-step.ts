import type { PgTable } from 'drizzle-orm/pg-core';
import type { Row } from './source.js';
import type { Tx } from '../../platform/db/db.js';
import { allocIds, int, type IdMaps, type Step } from './runner.js';

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

/** A source column that must have been imported for a row to come over, and the skip reason otherwise. */
export type Required = [column: string, from: string, missing: string];

/** A table with ids of its own: each row gets a new id of ours, recorded in the id map. */
export interface EntitySpec {
  table: string;
  needs: string[];
  required: Required[];
  /** Why a row whose ids are all there still cannot come over (null when it can). */
  reject?(r: Row, maps: IdMaps): string | null;
  /** Our table, whose id sequence the new ids come from. */
  into: string;
  /** Writes the rows that passed, each with its new id. */
  insert(tx: Tx, items: Array<{ r: Row; id: number }>, maps: IdMaps): Promise<unknown>;
}

/** A step for a table with ids of its own: the rows that pass get new ids and are written in one go. */
export function entityStep(spec: EntitySpec): Step {
  return {
    table: spec.table,
    needs: spec.needs,
    async write({ tx, maps, skip }, rows) {
      const ok = rows.filter((r) => {
        const miss = spec.required.find(([column, from]) => !maps.get(from, r[column]));
        const why = miss ? miss[2] : (spec.reject?.(r, maps) ?? null);
        if (why) skip(why);
        return !why;
      });
      const ids = await allocIds(tx, spec.into, ok.length);
      const items = ok.map((r, i) => ({ r, id: ids[i]! }));
      if (items.length > 0) await spec.insert(tx, items, maps);
      return items.map(({ r, id }) => [int(r.id), id]);
    },
  };
}
