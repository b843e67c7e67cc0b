import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Debian's Chromium, never downloaded (architecture §2). Its headless shell (package chromium-headless-shell:
 * the same engine and version without the desktop browser around it) when installed, since it ran the browser
 * tests on a third less CPU and wall time here; else the full browser. E2E_CHROMIUM names another.
 */
const SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM = process.env.E2E_CHROMIUM ?? (existsSync(SHELL) ? SHELL : '/usr/bin/chromium');
/** Why browser tests cannot run here, or null when they can. */
export const noChromiumReason = existsSync(CHROMIUM)
  ? null
  : `${CHROMIUM} not installed (apt-get install chromium-headless-shell, or chromium)`;

/** The slice of the server module the tests use; loaded by path because e2e is not a server dependency. */
interface ServerModule {
  buildApp(config: unknown): Promise<{
    listen(o: { port: number; host: string }): Promise<string>;
    close(): Promise<void>;
    forum: {
      settings: { set(rows: Array<{ key: string; value: string; tag: string }>): Promise<void> };
      install: { createAdmin(username: string, password: string): Promise<number> };
      database: { exec(sql: string, params?: unknown[]): Promise<unknown> };
      groups: { changed(): Promise<void> };
      users: { sessionsChanged(): Promise<void> };
      smsOutbox?: { lastCode(mobile: string): string | undefined } | null;
      jobs: RunningForum['jobs'];
    };
    orders: { registerKind(kind: unknown): void };
    mailNotices: { sendDigests(): Promise<number>; sendEach(): Promise<number> };
  }>;
}
interface ConfigModule {
  loadConfig(env: Record<string, string | undefined>, overrides: Record<string, unknown>): unknown;
}
interface HarnessModule {
  freshDatabase(): Promise<{ databaseUrl: string; dataDir: string; drop(): Promise<void> }>;
}

/** A running forum with the built site on a random port, its own database and data folder. */
export interface RunningForum {
  url: string;
  setSettings(values: Record<string, string>): Promise<void>;
  /** Grants a group a permission (no admin screen for it yet) and reloads the permission cache. */
  grant(groupId: number, permission: string): Promise<void>;
  /** Moves a user into a new group that has group 10's permissions plus `extra` (no admin screen for it yet). */
  groupOf(userId: number, groupId: number, extra?: string[]): Promise<void>;
  /** Moves a user into an existing group (the admin's user screen arrives later). */
  moveUser(userId: number, groupId: number): Promise<void>;
  /** Registers an order kind (the orders feature's `OrderKind`), e.g. a test-only one to pay through the dialog. */
  registerOrderKind(kind: object): void;
  /** Runs one SQL statement on the forum's database (moving test data in time). */
  exec(sql: string, params?: unknown[]): Promise<unknown>;
  /** The server's job queue (platform/jobs): a test registers a worker and sends jobs to it. */
  jobs: {
    work(
      name: string,
      handler: (data: object, job: { attempt: number }) => Promise<unknown>,
      options?: { retryLimit?: number; retryDelaySeconds?: number },
    ): void;
    send(name: string, data?: object): Promise<string | null>;
    stateOf(name: string, id: string): Promise<{ state: string } | null>;
  };
  /** The last text message code sent to a phone (start with `SMS_PROVIDER: 'console'`). */
  smsCode(mobile: string): string | undefined;
  /** Runs the daily notification digest now (it waits for its hour otherwise); answers how many were queued. */
  mailDigests(): Promise<number>;
  close(): Promise<void>;
}

/** Builds the web and admin bundles (once per run) so `mode: 'prod'` serves what is in the tree now. */
export function buildWeb(): void {
  // vitest sets NODE_ENV=test, which would make Vite ship React's development build.
  for (const workspace of ['@forum/web', '@forum/admin']) {
    execFileSync('npm', ['run', 'build', '--workspace', workspace], {
      cwd: ROOT,
      stdio: 'pipe',
      // Fixture plugins (a throwing one, a pc-only one) are bundled into test builds only (plugins.e2e.test.ts).
      env: { ...process.env, NODE_ENV: 'production', FORUM_PLUGIN_FIXTURES: '1' },
    });
  }
  // The fixtures must not outlive the run: without the build stamp, the next `npm start` builds the real bundles.
  rmSync(path.join(ROOT, 'node_modules', '.forum-build-stamp'), { force: true });
}

/** Starts the real server (buildApp) with the production web layer. */
export async function startForum(env: Record<string, string> = {}): Promise<RunningForum> {
  const serverPath = path.join(ROOT, 'apps/server/src/app.ts');
  const configPath = path.join(ROOT, 'apps/server/src/platform/config.ts');
  const { buildApp } = (await import(serverPath)) as ServerModule;
  const { loadConfig } = (await import(configPath)) as ConfigModule;
  const { freshDatabase } = (await import(
    path.join(ROOT, 'apps/server/src/test/harness.ts')
  )) as HarnessModule;
  // A copy of the run's migrated template on the run's one PostgreSQL server (vitest globalSetup).
  const db = await freshDatabase();
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: db.dataDir,
      DATABASE_URL: db.databaseUrl,
      RATE_LIMIT: 'off',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'silent',
      ...env,
    },
    { web: 'prod' },
  );
  const app = await buildApp(config);
  // main.ts makes the first admin; tests without the install flow do the same directly.
  if (!env.E2E_NO_ADMIN) await app.forum.install.createAdmin('admin', 'admin-pass-123');
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: address,
    setSettings: (values) =>
      app.forum.settings.set(Object.entries(values).map(([key, value]) => ({ key, value, tag: 'default' }))),
    async grant(groupId, permission) {
      await app.forum.database.exec('INSERT INTO group_permissions (group_id, permission) VALUES ($1, $2)', [
        groupId,
        permission,
      ]);
      await app.forum.groups.changed();
    },
    async groupOf(userId, groupId, extra = []) {
      const db = app.forum.database;
      await db.exec(`INSERT INTO groups (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`, [
        groupId,
        `group ${groupId}`,
      ]);
      await db.exec(
        `INSERT INTO group_permissions (group_id, permission)
         SELECT $1::int, permission FROM group_permissions WHERE group_id = 10
         UNION SELECT $1::int, unnest($2::text[]) ON CONFLICT DO NOTHING`,
        [groupId, extra],
      );
      await db.exec(`UPDATE group_user SET group_id = $2 WHERE user_id = $1`, [userId, groupId]);
      await app.forum.groups.changed();
      await app.forum.users.sessionsChanged();
    },
    smsCode: (mobile) => app.forum.smsOutbox?.lastCode(mobile),
    jobs: app.forum.jobs,
    mailDigests: () => app.mailNotices.sendDigests(),
    exec: (sql, params) => app.forum.database.exec(sql, params),
    async moveUser(userId, groupId) {
      await app.forum.database.exec(`UPDATE group_user SET group_id = $2 WHERE user_id = $1`, [
        userId,
        groupId,
      ]);
      await app.forum.users.sessionsChanged();
    },
    registerOrderKind: (kind) => app.orders.registerKind(kind),
    async close() {
      await app.close();
      await db.drop();
    },
  };
}
