import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import type { Config } from '../config.js';

/** The query builder every repository takes; the same type on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle; repositories accept `Db | Tx` so callers can compose writes. */
export type Tx = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
/** Either a plain handle or a transaction. */
export type DbOrTx = Db | Tx;

/** An open database with its driver kind and a way to close it. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL with parameters (migrations, locks, health checks). */
  exec(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** Runs fn while holding a cluster-wide advisory lock (one connection on PostgreSQL). */
  withAdvisoryLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Opens PGlite under DATA_DIR/pg when no DATABASE_URL is set, else a PostgreSQL pool. */
export async function openDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.databasePrepare);
  return openPglite(path.join(config.dataDir, 'pg'));
}

async function openPostgres(url: string, prepare: boolean): Promise<Database> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // bigint (int8) counts arrive as strings by default; money columns are read explicitly as Number-safe cents.
  const pool = new pg.default.Pool({ connectionString: url, max: 20, application_name: 'forum' });
  // An idle client's error (server restart) must not crash the process; the pool replaces the client.
  pool.on('error', () => {});
  if (prepare) pool.on('connect', namePreparedStatements);
  const db = drizzle(pool, { logger: process.env.DB_LOG === '1' }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    exec: async (sql, params) => pool.query(sql, params as unknown[]),
    async withAdvisoryLock(key, fn) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Distinct statement texts a connection keeps prepared. */
const MAX_NAMED_STATEMENTS = 2_000;

/**
 * Gives every parameterised query a name derived from its SQL text, so each pooled connection parses and
 * plans it once and afterwards only binds and executes. Unnamed statements were re-planned on every call,
 * which cost PostgreSQL about as much CPU as the whole request did on Node.
 */
function namePreparedStatements(client: PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const names = new Map<string, string>();
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (
    config: unknown,
    ...rest: unknown[]
  ) => {
    if (config && typeof config === 'object' && 'text' in config && !(config as { name?: string }).name) {
      const text = (config as { text: string }).text;
      let name = names.get(text);
      // A cap, in case some query ever inlines values: past it new texts run unnamed, as before.
      if (!name && names.size >= MAX_NAMED_STATEMENTS) return query(config, ...rest);
      if (!name) {
        name = `q${createHash('sha1').update(text).digest('hex')}`;
        names.set(text, name);
      }
      return query({ ...(config as object), name }, ...rest);
    }
    return query(config, ...rest);
  };
}

async function openPglite(dir: string): Promise<Database> {
  fs.mkdirSync(dir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  // 16 MB of shared buffers instead of 128: the embedded mode serves small sites, and it saves ~150 MB of RSS.
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm },
    postgresqlconf: ['shared_buffers=16MB'],
  });
  // DB_LOG=1 prints every query (finding N+1 patterns).
  const db = drizzle(client, { logger: process.env.DB_LOG === '1' }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    exec: async (sql, params) =>
      client.query(sql, params as unknown[]) as Promise<{ rows: Record<string, unknown>[] }>,
    // PGlite is one connection in one process: there is nobody to race with.
    withAdvisoryLock: async (_key, fn) => fn(),
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}
