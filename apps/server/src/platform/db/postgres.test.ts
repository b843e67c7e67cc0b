import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { call, freshDatabase, uniqueName } from '../../test/harness.js';
import { loadConfig } from '../config.js';

// Several connections and several instances on one database: migrations, prepared statements, races.
describe('PostgreSQL: several connections and instances', () => {
  it('two servers starting at once on one database migrate once and are both healthy', async () => {
    // An empty database, not a copy of the migrated template: the point is who migrates it.
    const db = await freshDatabase({ migrated: false });
    const cfg = loadConfig(
      { NODE_ENV: 'test', DATABASE_URL: db.databaseUrl, DATA_DIR: db.dataDir },
      { web: 'off' },
    );
    const [a, b] = await Promise.all([buildApp(cfg), buildApp(cfg)]);
    try {
      for (const app of [a, b])
        expect((await app.inject({ method: 'GET', url: '/readyz' })).json().status).toBe('ready');
      const migrations = await a.forum.database.exec(
        'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
      );
      const files = (await import('node:fs'))
        .readdirSync(new URL('../../../drizzle', import.meta.url))
        .filter((f) => f.endsWith('.sql'));
      expect(migrations.rows[0]!.n).toBe(files.length);
      const groups = await a.forum.database.exec('SELECT count(*)::int AS n FROM groups');
      expect(groups.rows[0]!.n).toBe(5);
      const cats = await a.forum.database.exec('SELECT count(*)::int AS n FROM categories');
      expect(cats.rows[0]!.n).toBe(1);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await db.drop();
    }
  });

  it('parameterised queries are prepared once per connection, and not at all with DATABASE_PREPARE=off', async () => {
    const db = await freshDatabase();
    const env = { NODE_ENV: 'test', DATABASE_URL: db.databaseUrl, DATA_DIR: db.dataDir };
    const prepared = async (extra: Record<string, string>) => {
      const app = await buildApp(loadConfig({ ...env, ...extra }, { web: 'off' }));
      try {
        // The pool hands back the connection it was just given (last in, first out), so both run on one.
        await app.forum.database.db.execute(sql`select ${1}::int as one`);
        const r = await app.forum.database.exec('SELECT count(*)::int AS n FROM pg_prepared_statements');
        return r.rows[0]!.n as number;
      } finally {
        await app.close();
      }
    };
    try {
      expect(await prepared({})).toBeGreaterThan(0);
      expect(await prepared({ DATABASE_PREPARE: 'off' })).toBe(0);
    } finally {
      await db.drop();
    }
  });

  it('twenty parallel registrations of one username: exactly one wins, the rest get -7042', async () => {
    const db = await freshDatabase();
    const app = await buildApp(
      loadConfig(
        { NODE_ENV: 'test', DATABASE_URL: db.databaseUrl, DATA_DIR: db.dataDir },
        { web: 'off', rateLimit: { enabled: false } as never },
      ),
    );
    try {
      const username = uniqueName('race');
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          call(app, 'POST', '/api/v3/users/username.register', {
            body: { username, password: 'secret123' },
          }),
        ),
      );
      const codes = results.map((r) => r.Code).sort();
      expect(codes.filter((c) => c === 0)).toHaveLength(1);
      expect(codes.filter((c) => c === -7042)).toHaveLength(19);
      const rows = await app.forum.database.exec(
        'SELECT count(*)::int AS n FROM users WHERE lower(username) = lower($1)',
        [username],
      );
      expect(rows.rows[0]!.n).toBe(1);
    } finally {
      await app.close();
      await db.drop();
    }
  });
});
