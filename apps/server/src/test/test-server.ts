import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../platform/db/db.js';
import { startEmbeddedPostgres } from '../platform/db/embedded/embedded-postgres.js';
import { TEST_SETTINGS } from '../platform/db/embedded/postgres-settings.js';
import { runMigrations } from '../platform/db/migrate.js';
import { loadConfig } from '../platform/config.js';

/** The run's PostgreSQL server and the migrated database every test file's database is copied from. */
export interface TestServer {
  /** Connection string of a database to run CREATE/DROP DATABASE from. */
  adminUrl: string;
  /** Name of the migrated template database. */
  template: string;
}

declare module 'vitest' {
  interface ProvidedContext {
    testServer: TestServer;
  }
}

/** `url` pointing at another database on the same server. */
export function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Runs one statement on the admin database (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * DATABASE_URL's server when set, else one embedded server in a temporary folder; either way a template
 * database migrated once, so each test file's database is a copy (CREATE DATABASE ... TEMPLATE).
 */
export async function startTestServer(): Promise<TestServer & { stop(): Promise<void> }> {
  let adminUrl = process.env.DATABASE_URL;
  let stopEmbedded = async () => {};
  if (!adminUrl) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'forum-test-pg-'));
    // A throwaway cluster: the supervisor's notes (account created, folder made searchable) are noise here.
    const server = await startEmbeddedPostgres({
      dir: path.join(dir, 'pg'),
      settings: TEST_SETTINGS,
      log: () => {},
    });
    adminUrl = server.url('postgres');
    stopEmbedded = async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  // Unique per run: other people's runs may share the machine's PostgreSQL.
  const template = `forum_tpl_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  try {
    await adminQuery(adminUrl, `CREATE DATABASE ${template}`);
    const database = await openDatabase(loadConfig({ DATABASE_URL: databaseUrl(adminUrl, template) }));
    try {
      await runMigrations(database);
    } finally {
      await database.close();
    }
  } catch (err) {
    await stopEmbedded();
    throw err;
  }
  const url = adminUrl;
  return {
    adminUrl: url,
    template,
    async stop() {
      await adminQuery(url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => {});
      await stopEmbedded();
    },
  };
}
