import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { PoolClient } from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Database } from '../../platform/db/db.js';
import { appliedMigrations, knownMigrations } from '../../platform/db/migrate.js';
import { JOBS_SCHEMA } from '../../platform/jobs/index.js';
import { BackupRefused, type BackupManifest, type BackupTable } from './manifest.js';

/** The schema whose tables are backed up: the forum's and its plugins' tables all live there. */
const SCHEMA = 'public';

/** An identifier quoted for SQL. */
export const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** Reports progress: a stage name, done and total. */
export type Progress = (stage: string, done: number, total: number) => void;

async function tablesOf(client: PoolClient): Promise<{ name: string; columns: string[] }[]> {
  const r = await client.query<{ name: string; columns: string[] }>(
    `SELECT c.relname AS name,
            array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE n.nspname = $1 AND c.relkind = 'r'
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')
      GROUP BY c.relname`,
    [SCHEMA],
  );
  return dependencyOrder(r.rows, await fkEdges(client));
}

/**
 * Tables with every table a foreign key points at before the tables pointing at it, so a load checking keys
 * as it goes (without the replica shortcut) still succeeds; ties by name, a cycle left in name order.
 */
export function dependencyOrder<T extends { name: string }>(
  tables: T[],
  edges: { child: string; parent: string }[],
): T[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const parents = new Map<string, Set<string>>();
  for (const e of edges) {
    if (!byName.has(e.child) || !byName.has(e.parent)) continue;
    if (!parents.has(e.child)) parents.set(e.child, new Set());
    parents.get(e.child)!.add(e.parent);
  }
  const out: T[] = [];
  const placed = new Set<string>();
  const names = [...byName.keys()].sort();
  while (out.length < names.length) {
    const ready = names.filter(
      (n) => !placed.has(n) && [...(parents.get(n) ?? [])].every((p) => placed.has(p)),
    );
    const next = ready.length ? ready : names.filter((n) => !placed.has(n)).slice(0, 1);
    for (const n of next) {
      placed.add(n);
      out.push(byName.get(n)!);
    }
  }
  return out;
}

/**
 * Writes every table of the schema to `dir/db/<table>.copy` (COPY text format) from one REPEATABLE READ,
 * READ ONLY transaction, so the files are one consistent snapshot however long it takes; the manifest's
 * database part comes from the same snapshot.
 */
export async function dumpDatabase(
  database: Database,
  dir: string,
  progress: Progress,
): Promise<{ info: BackupManifest['database']; files: { part: string; file: string }[] }> {
  return database.withClient(async (client) => {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    try {
      const version = await client.query<{ v: string }>('SHOW server_version');
      const tables = await tablesOf(client);
      const exec: Database['exec'] = (sql, params) => client.query(sql, params as unknown[]);
      const applied = await appliedMigrations(exec);
      // A database the forum never started on (a wrong DATA_DIR or DATABASE_URL) holds nothing worth an archive.
      if (!applied.length)
        throw new BackupRefused(
          'this database has no forum in it (no migrations applied): check DATA_DIR or DATABASE_URL',
        );
      const tags = new Map(knownMigrations().map((m) => [m.when, m.tag]));
      const migrations = applied.map((m) => ({ tag: tags.get(m.when) ?? `unknown-${m.when}`, ...m }));
      const hasPluginMigrations = tables.some((t) => t.name === 'plugin_migrations');
      const pluginMigrations = hasPluginMigrations
        ? (
            await client.query<{ plugin: string; id: string }>(
              'SELECT plugin, id FROM plugin_migrations ORDER BY applied_at, plugin, id',
            )
          ).rows
        : [];
      const sequences = (
        await client.query<{ name: string; last_value: string | null }>(
          'SELECT sequencename AS name, last_value::text FROM pg_sequences WHERE schemaname = $1 ORDER BY 1',
          [SCHEMA],
        )
      ).rows.map((s) => ({ name: s.name, lastValue: s.last_value, isCalled: s.last_value !== null }));
      const out: BackupTable[] = [];
      const files: { part: string; file: string }[] = [];
      for (const [i, t] of tables.entries()) {
        progress('tables', i, tables.length);
        const part = `db/${t.name}.copy`;
        const file = path.join(dir, `${t.name}.copy`);
        const cols = t.columns.map(ident).join(', ');
        const stream = client.query(copyTo(`COPY ${ident(SCHEMA)}.${ident(t.name)} (${cols}) TO STDOUT`));
        await pipeline(stream, createWriteStream(file));
        out.push({ name: t.name, columns: t.columns, rows: stream.rowCount, part });
        files.push({ part, file });
      }
      progress('tables', tables.length, tables.length);
      await client.query('COMMIT');
      return {
        info: {
          serverVersion: version.rows[0]!.v,
          migrations,
          pluginMigrations,
          tables: out,
          sequences,
        },
        files,
      };
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    }
  });
}

/** Whether any table of the schema holds a row (a restore refuses such a database unless forced). */
export async function databaseHasRows(database: Database): Promise<boolean> {
  return database.withClient(async (client) => {
    const tables = await tablesOf(client);
    for (const t of tables) {
      const r = await client.query(`SELECT 1 FROM ${ident(SCHEMA)}.${ident(t.name)} LIMIT 1`);
      if (r.rowCount) return true;
    }
    return false;
  });
}

/**
 * Empties the database for a restore: the forum's schema, drizzle's record of migrations and the job queue's
 * schema are dropped. Jobs are not in backups (only `public` is): the waiting ones belonged to the database
 * being replaced, and the next start makes the queue's schema again (runMigrations).
 */
export async function resetSchema(database: Database): Promise<void> {
  await database.exec('DROP SCHEMA IF EXISTS drizzle CASCADE');
  await database.exec(`DROP SCHEMA IF EXISTS ${ident(JOBS_SCHEMA)} CASCADE`);
  await database.exec(`DROP SCHEMA IF EXISTS ${ident(SCHEMA)} CASCADE`);
  await database.exec(`CREATE SCHEMA ${ident(SCHEMA)}`);
  await database.exec(`GRANT USAGE ON SCHEMA ${ident(SCHEMA)} TO PUBLIC`);
}

/**
 * Loads every table's rows (COPY FROM, parents first) and sets the sequences, in one transaction: a failure
 * leaves the tables empty. Triggers (foreign keys, the ledger's checks) are skipped where the role may
 * (`session_replication_role = replica`): the rows were consistent when copied, and checking them again row by
 * row would only cost time.
 */
export async function loadDatabase(
  database: Database,
  info: BackupManifest['database'],
  fileOf: (part: string) => string,
  progress: Progress,
): Promise<void> {
  await database.withClient(async (client) => {
    await client.query('BEGIN');
    try {
      await client.query('SAVEPOINT replica');
      await client
        .query('SET LOCAL session_replication_role = replica')
        .catch(() => client.query('ROLLBACK TO SAVEPOINT replica'));
      const order = dependencyOrder(info.tables, await fkEdges(client));
      for (const [i, t] of order.entries()) {
        progress('tables', i, order.length);
        const cols = t.columns.map(ident).join(', ');
        const stream = client.query(copyFrom(`COPY ${ident(SCHEMA)}.${ident(t.name)} (${cols}) FROM STDIN`));
        await pipeline(createReadStream(fileOf(t.part)), stream);
        if (stream.rowCount !== t.rows)
          throw new Error(`table ${t.name}: ${stream.rowCount} rows loaded, the backup says ${t.rows}`);
      }
      progress('tables', order.length, order.length);
      for (const s of info.sequences) {
        if (s.lastValue === null) continue;
        await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [
          `${ident(SCHEMA)}.${ident(s.name)}`,
          s.lastValue,
          s.isCalled,
        ]);
      }
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    }
  });
}

async function fkEdges(client: PoolClient): Promise<{ child: string; parent: string }[]> {
  const r = await client.query<{ child: string; parent: string }>(
    `SELECT cc.relname AS child, pc.relname AS parent
       FROM pg_constraint k
       JOIN pg_class cc ON cc.oid = k.conrelid
       JOIN pg_class pc ON pc.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = cc.relnamespace
      WHERE k.contype = 'f' AND n.nspname = $1 AND cc.oid <> pc.oid`,
    [SCHEMA],
  );
  return r.rows;
}
