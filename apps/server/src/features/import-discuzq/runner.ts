import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../platform/db/db.js';
import { yuanToFen } from '../wallet/index.js';
import { importIdMap } from './import.table.js';
import type { Row, Source } from './source.js';

/** (source table, source id) → our id, loaded per table once and kept in memory for the run. */
export class IdMaps {
  private readonly maps = new Map<string, Map<number, number>>();
  constructor(private readonly db: Db) {}

  async load(source: string): Promise<Map<number, number>> {
    let m = this.maps.get(source);
    if (!m) {
      const rows = await this.db
        .select({ s: importIdMap.sourceId, t: importIdMap.targetId })
        .from(importIdMap)
        .where(eq(importIdMap.source, source));
      m = new Map(rows.map((r) => [r.s, r.t]));
      this.maps.set(source, m);
    }
    return m;
  }

  /** Our id for a source id of a table loaded before (0 when unknown). */
  get(source: string, id: unknown): number {
    return this.maps.get(source)?.get(Number(id)) ?? 0;
  }

  /** Records pairs in the batch's transaction; memory follows once it committed. */
  async save(tx: Tx, source: string, pairs: Array<[number, number]>): Promise<void> {
    if (pairs.length === 0) return;
    await tx.execute(sql`INSERT INTO import_id_map (source, source_id, target_id)
      SELECT ${source}, s, t FROM unnest(${`{${pairs.map((p) => p[0]).join(',')}}`}::bigint[],
        ${`{${pairs.map((p) => p[1]).join(',')}}`}::bigint[]) AS x(s, t)
      ON CONFLICT DO NOTHING`);
  }

  remember(source: string, pairs: Array<[number, number]>): void {
    const m = this.maps.get(source)!;
    for (const [s, t] of pairs) m.set(s, t);
  }
}

/** What a step reports: rows in the source, imported now, imported by an earlier run, skipped and why. */
export interface StepReport {
  table: string;
  total: number;
  imported: number;
  already: number;
  skipped: Record<string, number>;
  /** Imported with a change (a taken name renamed, ...), and why. */
  notes: Record<string, number>;
  /** Lines the operator should read one by one (wallets given an opening entry). */
  listed: string[];
  /** Time the step took. */
  ms: number;
}

/** What a step's batch writer gets. */
export interface StepContext {
  tx: Tx;
  maps: IdMaps;
  skip(reason: string): void;
  note(reason: string): void;
  list(line: string): void;
  source: Source;
}

/**
 * One source table. A mapped step (keyed by `id`) writes only rows not in the id map and answers
 * [source id, our id] pairs; a link step (keyed by a column pair) writes with ON CONFLICT DO NOTHING and
 * answers how many rows it added.
 */
export interface Step {
  table: string;
  /** The id map's and report's name when it differs from the table (a second pass over one table). */
  name?: string;
  keys?: string[];
  /** The id-map key of a row when its id is not a number. */
  sourceId?: (row: Row) => number;
  /** Source tables whose id maps the writer reads. */
  needs?: string[];
  write(ctx: StepContext, rows: Row[]): Promise<Array<[number, number]> | number>;
  /** Runs once after the table (counters, sequences). */
  finish?(db: Db): Promise<void>;
}

/** Progress of one table: done rows of total. */
export type Progress = (table: string, done: number, total: number) => void;

/** Runs one step over its whole table, a transaction per batch. */
export async function runStep(
  db: Db,
  source: Source,
  maps: IdMaps,
  step: Step,
  opts: { batch: number; dryRun: boolean; progress?: Progress },
): Promise<StepReport> {
  const name = step.name ?? step.table;
  const report: StepReport = {
    table: name,
    total: 0,
    imported: 0,
    already: 0,
    skipped: {},
    notes: {},
    listed: [],
    ms: 0,
  };
  const started = Date.now();
  if (!(await source.has(step.table))) {
    report.skipped['table absent in the source'] = 0;
    return report;
  }
  report.total = await source.count(step.table);
  if (opts.dryRun) return report;
  const keys = step.keys ?? ['id'];
  const mapped = keys.length === 1 && keys[0] === 'id';
  const own = mapped ? await maps.load(name) : null;
  for (const t of step.needs ?? []) await maps.load(t);
  let done = 0;
  opts.progress?.(step.table, 0, report.total);
  for await (const rows of source.batches(step.table, keys, opts.batch)) {
    const key = step.sourceId ?? ((r: Row) => Number(r.id));
    const fresh = own ? rows.filter((r) => !own.has(key(r))) : rows;
    report.already += rows.length - fresh.length;
    if (fresh.length > 0) {
      const skipped: Record<string, number> = {};
      const result = await db.transaction(async (txAny) => {
        const tx = txAny as unknown as Tx;
        const ctx: StepContext = {
          tx,
          maps,
          skip: (reason) => void (skipped[reason] = (skipped[reason] ?? 0) + 1),
          list: (line) => void report.listed.push(line),
          source,
          note: (reason) => void (report.notes[reason] = (report.notes[reason] ?? 0) + 1),
        };
        const r = await step.write(ctx, fresh);
        if (Array.isArray(r)) await maps.save(tx, name, r);
        return r;
      });
      if (Array.isArray(result)) {
        maps.remember(name, result);
        report.imported += result.length;
      } else {
        report.imported += result;
        if (!own) report.already += fresh.length - result - sum(skipped);
      }
      for (const [k, v] of Object.entries(skipped)) report.skipped[k] = (report.skipped[k] ?? 0) + v;
    }
    done += rows.length;
    opts.progress?.(step.table, done, report.total);
  }
  await step.finish?.(db);
  report.ms = Date.now() - started;
  return report;
}

const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);

/** A source value as a Date (null for empty or zero dates). */
export function date(v: unknown): Date | null {
  if (v === null || v === undefined || v === '') return null;
  const d = v instanceof Date ? v : new Date(String(v));
  return Number.isNaN(d.getTime()) || d.getTime() <= 0 ? null : d;
}

export const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
export const int = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v) || 0);
export const bool = (v: unknown): boolean => int(v) !== 0;

/** Takes n ids from a table's serial sequence, so a batch knows its rows' ids before it inserts them. */
export async function allocIds(tx: Tx, table: string, n: number): Promise<number[]> {
  if (n === 0) return [];
  const rows = await rowsOf<{ id: string }>(
    tx,
    sql`SELECT nextval(pg_get_serial_sequence(${table}, 'id')) AS id FROM generate_series(1, ${n})`,
  );
  return rows.map((r) => Number(r.id));
}

/** Yuan as the original stores it (signed DECIMAL text) → fen, never through floats. */
export function fen(v: unknown): bigint {
  const s = str(v).trim() || '0';
  return s.startsWith('-') ? -yuanToFen(s.slice(1)) : yuanToFen(s);
}

/**
 * Inserts many rows in one statement with one parameter (a JSON array, keys named as the columns): far
 * cheaper than a parameter per value for the big tables. Only the columns the rows carry are written.
 */
export async function bulkInsert(tx: Tx, table: string, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const list = sql.raw(
    Object.keys(rows[0]!)
      .map((c) => `"${c}"`)
      .join(', '),
  );
  await tx.execute(
    sql`INSERT INTO ${sql.identifier(table)} (${list}) SELECT ${list}
        FROM jsonb_populate_recordset(NULL::${sql.identifier(table)}, ${JSON.stringify(rows)}::jsonb)`,
  );
}
