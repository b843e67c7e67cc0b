import { createHash } from 'node:crypto';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import type { Config } from '../config.js';
import { startEmbeddedPostgres } from './embedded/embedded-postgres.js';
import { POOL_SIZE } from './embedded/postgres-settings.js';
import { DatabaseAvailability } from './availability.js';

/** The query builder every repository takes. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle; repositories accept `Db | Tx` so callers can compose writes. */
export type Tx = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
/** Either a plain handle or a transaction. */
export type DbOrTx = Db | Tx;

/** Rows of a raw statement (`db.execute` is untyped with the node-postgres driver's generic result). */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Rows of one constant statement sent to the pool's driver as it is (prepared once per connection, unless
 * DATABASE_PREPARE=off): for the hottest statements, whose building by the query builder cost more server CPU
 * than sending them (measured on the payment batch, whose statement takes 25 array parameters).
 */
export async function rawRows<T>(db: Db, text: string, values: unknown[]): Promise<T[]> {
  const driver = (db as unknown as { $client: { query(q: object): Promise<{ rows: T[] }> } }).$client;
  return (await driver.query({ text, values })).rows;
}

/** An open database, where it runs, and a way to close it. */
export interface Database {
  db: Db;
  /** `embedded`: the server this process supervises in DATA_DIR/pg; `external`: DATABASE_URL. */
  kind: 'embedded' | 'external';
  /** Runs raw SQL with parameters (migrations, locks, health checks). */
  exec(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** Whether the database answers right now; requests answer 503 while it does not (availability.ts). */
  availability: DatabaseAvailability;
  /** The pool's counts, for metrics. */
  poolStats(): { total: number; idle: number; waiting: number };
  /** From now on every statement's time (seconds) goes to `observe` (metrics). */
  timeQueries(observe: (seconds: number) => void): void;
  /** Runs fn while holding a cluster-wide advisory lock (on one pooled connection). */
  withAdvisoryLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** Runs fn on one pooled connection of its own (COPY streams, session settings), released after. */
  withClient<T>(fn: (client: PoolClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Where the database layer's notes go: the supervisor's doings, the database lost and found again. */
export type DbLog = (level: 'warn' | 'info', message: string) => void;

const consoleLog: DbLog = (level, message) => console[level](message);

/**
 * A pool on DATABASE_URL, or (without it) on the embedded server started and supervised in DATA_DIR/pg;
 * `log` hears what an operator should know (an orphan stopped, a postmaster restarted, the database lost).
 */
export async function openDatabase(config: Config, log: DbLog = consoleLog): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.databasePrepare, log);
  let database: Database | null = null;
  const server = await startEmbeddedPostgres({
    dir: path.join(config.dataDir, 'pg'),
    log: (message) => log('warn', `embedded PostgreSQL: ${message}`),
    // Requests answer 503 at once rather than each finding out; the availability probe sees it back.
    onExit: (reason) => database?.availability.markDown(`embedded PostgreSQL ${reason}`),
  });
  try {
    await createDatabaseIfMissing(server.url('postgres'), EMBEDDED_DATABASE);
    const pooled = await openPostgres(server.url(EMBEDDED_DATABASE), config.databasePrepare, log);
    database = {
      ...pooled,
      kind: 'embedded',
      async close() {
        await pooled.close();
        await server.stop();
      },
    };
    return database;
  } catch (err) {
    await server.stop();
    throw err;
  }
}

/** The database the forum uses on its embedded server. */
const EMBEDDED_DATABASE = 'forum';

async function createDatabaseIfMissing(adminUrl: string, name: string): Promise<void> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      // 42P04: a CLI command starting beside the server created it first.
      await client.query(`CREATE DATABASE ${name}`).catch((err: { code?: string }) => {
        if (err.code !== '42P04') throw err;
      });
    }
  } finally {
    await client.end();
  }
}

/**
 * How long a request waits for a connection: a database host that vanished (no refusal, no answer) gives 503
 * after this rather than hanging every request; a busy pool's queue rarely waits that long.
 */
const CONNECT_TIMEOUT_MS = 15_000;

/**
 * How long a connection may sit idle before the pool closes it. pg's default, 10 s, closed the connections a burst
 * had opened as soon as traffic steadied, so the next burst (a queue behind one garbage collection is enough)
 * opened them again all at once: each new backend forks, loads its catalog caches and prepares the hot
 * statements anew, and ten of them took both cores for 200-350 ms, the replies' p99 at 1,000/s (issue 30).
 * Kept a minute, a site's connections follow its busy periods, not its seconds.
 */
const IDLE_TIMEOUT_MS = 60_000;

async function openPostgres(url: string, prepare: boolean, log: DbLog): Promise<Database> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // bigint (int8) counts arrive as strings by default; money columns are read explicitly as Number-safe cents.
  const pool = new pg.default.Pool({
    connectionString: url,
    max: POOL_SIZE,
    application_name: 'forum',
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: IDLE_TIMEOUT_MS,
  });
  const availability = new DatabaseAvailability(() => pool.query('SELECT 1'), log);
  // An idle client's error (server restart) must not crash the process; the pool replaces the client.
  pool.on('error', () => {});
  // A checked-out client has no listener of the pool's: a connection cut mid-transaction (the query in flight
  // gets the error) could emit a second one and crash the process. The pool drops the broken client on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  if (prepare) pool.on('connect', namePreparedStatements);
  let observe: ((seconds: number) => void) | null = null;
  pool.on('connect', (client) => timeQueries(client, () => observe));
  const db = drizzle(pool, { logger: process.env.DB_LOG === '1' }) as unknown as Db;
  return {
    db,
    kind: 'external',
    availability,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    timeQueries: (o) => {
      observe = o;
    },
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
    async withClient(fn) {
      const client = await pool.connect();
      try {
        return await fn(client);
      } finally {
        client.release();
      }
    },
    close: () => {
      availability.close();
      return pool.end();
    },
  };
}

/**
 * Times each statement of a connection once someone listens (metrics on): a clock read and one callback on the
 * driver's promise; nothing at all while `observer()` is null.
 */
function timeQueries(client: PoolClient, observer: () => ((seconds: number) => void) | null): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const observe = observer();
    if (!observe) return query(...args);
    const t0 = performance.now();
    const result = query(...args) as Promise<unknown> | undefined;
    if (result && typeof result.then === 'function') {
      const done = () => observe((performance.now() - t0) / 1000);
      void result.then(done, done);
    }
    return result;
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
    // A submittable (a COPY stream) is sent as it is: spreading it into a plain object would lose its methods.
    if (
      config &&
      typeof config === 'object' &&
      'text' in config &&
      !(config as { name?: string }).name &&
      typeof (config as { submit?: unknown }).submit !== 'function'
    ) {
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
