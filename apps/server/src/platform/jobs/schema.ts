import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import type { Database } from '../db/db.js';
import { FORUM_QUEUES } from './queues.js';

/** The PostgreSQL schema pg-boss keeps its queues, jobs and schedules in (beside `public` and `drizzle`). */
export const JOBS_SCHEMA = 'pgboss';

/** The schema version this pg-boss expects. */
function expectedVersion(): number {
  const require = createRequire(import.meta.url);
  return (require('pg-boss/version.json') as { schema: number }).schema;
}

/**
 * Creates or upgrades pg-boss's schema. Called by `runMigrations` under the forum's migration lock, so N
 * instances (and the test run's template, which every test database is copied from) create it once and the
 * queue itself starts with `migrate: false`, only checking the version.
 */
export async function installJobsSchema(database: Pick<Database, 'exec'>): Promise<void> {
  const found = await database.exec(`SELECT to_regclass('${JOBS_SCHEMA}.version') IS NOT NULL AS present`);
  if (!found.rows[0]?.present) {
    await database.exec(PgBoss.getConstructionPlans(JOBS_SCHEMA));
  } else {
    const r = await database.exec(`SELECT version FROM ${JOBS_SCHEMA}.version`);
    const version = Number(r.rows[0]?.version);
    // The typings say string; pg-boss compares it as the number it is.
    if (version < expectedVersion())
      await database.exec(PgBoss.getMigrationPlans(JOBS_SCHEMA, version as unknown as string));
  }
  // One at a time: two partitions attached at once deadlock on the job table.
  for (const name of FORUM_QUEUES) {
    await database.exec(`SELECT ${JOBS_SCHEMA}.create_queue($1, $2)`, [name, { policy: 'standard' }]);
  }
}
