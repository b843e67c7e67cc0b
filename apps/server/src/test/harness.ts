import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AttachmentItem } from '@forum/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../platform/config.js';
import { adminQuery, databaseUrl } from './test-server.js';

/**
 * A database of the run's one PostgreSQL server for one test file (see global-setup.ts): a copy of the
 * migrated template, or an empty one for tests about migrating itself.
 */
export async function freshDatabase(options: { migrated?: boolean } = {}): Promise<{
  databaseUrl: string;
  dataDir: string;
  drop(): Promise<void>;
}> {
  const { adminUrl, template } = inject('testServer');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forum-test-'));
  const name = `forum_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await adminQuery(
    adminUrl,
    `CREATE DATABASE ${name}${options.migrated === false ? '' : ` TEMPLATE ${template}`}`,
  );
  return {
    databaseUrl: databaseUrl(adminUrl, name),
    dataDir,
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** A test server on its own database; close() drops everything it made. */
export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/** The test configuration for a database: no web pages, rate limits off unless asked, Redis when REDIS_URL is set. */
function testConfig(
  db: { databaseUrl: string; dataDir: string },
  overrides: Partial<Config> = {},
  env: NodeJS.ProcessEnv = {},
): Config {
  return loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: db.dataDir,
      DATABASE_URL: db.databaseUrl,
      REDIS_URL: process.env.REDIS_URL,
      // TEST_LOG_LEVEL=error shows the servers' logged errors (a -5002 under load says nothing else).
      ...(process.env.TEST_LOG_LEVEL ? { LOG_LEVEL: process.env.TEST_LOG_LEVEL } : {}),
      ...env,
    },
    // Rate limits are off unless a test turns them on: suites register many users from one address.
    {
      web: 'off',
      ...overrides,
      rateLimit: { enabled: false, windowMs: 60_000, read: 1, write: 1, auth: 1, ...overrides.rateLimit },
    },
  );
}

/** Builds the real app (no web pages) on a fresh database; Redis when REDIS_URL is set. */
export async function startTestApp(
  overrides: Partial<Config> = {},
  env: NodeJS.ProcessEnv = {},
): Promise<TestApp> {
  const db = await freshDatabase();
  const config = testConfig(db, overrides, env);
  const app = await buildApp(config);
  return {
    app,
    config,
    async close() {
      await app.close();
      await db.drop();
    },
  };
}

/**
 * `count` instances of the app on one fresh database, as behind a load balancer: they hear each other over
 * Redis when REDIS_URL is set (each only itself otherwise).
 */
export async function startInstances(
  count: number,
): Promise<{ apps: FastifyInstance[]; close(): Promise<void> }> {
  const db = await freshDatabase();
  const config = testConfig(db);
  const apps = await Promise.all(Array.from({ length: count }, () => buildApp(config)));
  return {
    apps,
    async close() {
      await Promise.all(apps.map((a) => a.close()));
      await db.drop();
    },
  };
}

/** A parsed envelope reply. */
export interface Reply<T = any> {
  status: number;
  Code: number;
  Message: string;
  Data: T;
  headers: LightMyRequestResponse['headers'];
  cookies: LightMyRequestResponse['cookies'];
}

/** Calls the API through inject and parses the envelope. */
export async function call<T = any>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  opts: {
    body?: unknown;
    token?: string;
    headers?: Record<string, string>;
    query?: Record<string, string>;
  } = {},
): Promise<Reply<T>> {
  const res = await app.inject({
    method,
    url,
    ...(opts.query ? { query: opts.query } : {}),
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
  });
  const json = res.json() as { Code: number; Message: string; Data: T };
  return { status: res.statusCode, ...json, headers: res.headers, cookies: res.cookies };
}

/** Uploads a file through the real multipart route (a `type` field first, then the file), as the editor does. */
export async function uploadFile(
  app: FastifyInstance,
  token: string | null,
  file: { name: string; data: Buffer; mime?: string },
  type?: number,
): Promise<{ status: number; Code: number; Message: string; Data: AttachmentItem }> {
  const boundary = `----forum${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  if (type !== undefined) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\n${type}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.mime ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/v3/attachments',
    payload: Buffer.concat(parts),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  return {
    status: res.statusCode,
    ...(res.json() as { Code: number; Message: string; Data: AttachmentItem }),
  };
}

let seq = 0;
/** A unique short username (at most 15 characters). */
export function uniqueName(prefix = 'u'): string {
  seq += 1;
  return `${prefix}${process.pid % 1000}${seq}${Math.random().toString(36).slice(2, 5)}`.slice(0, 15);
}

/** Registers a user and returns their token and id. */
export async function registerUser(app: FastifyInstance, username = uniqueName(), password = 'secret123') {
  const r = await call<{ accessToken: string; userId: number }>(
    app,
    'POST',
    '/api/v3/users/username.register',
    {
      body: { username, password },
    },
  );
  if (r.Code !== 0) throw new Error(`register failed: ${r.Code} ${r.Message}`);
  return { token: r.Data.accessToken, userId: r.Data.userId, username, password };
}

/**
 * Short calls for a test file whose app starts in `beforeAll` (hence the getter): `post` and `get` under
 * `/api/v3/` as the token's member (a guest without one) and `sql` on the file's database.
 */
export function shortcuts(app: () => FastifyInstance) {
  return {
    post: (token: string | undefined, path: string, body: object) =>
      call(app(), 'POST', `/api/v3/${path}`, { token, body }),
    get: (token: string | undefined, path: string, query: Record<string, string>) =>
      call(app(), 'GET', `/api/v3/${path}`, { token, query }),
    sql: async (text: string, params: unknown[] = []) =>
      (await app().forum.database.exec(text, params)).rows as Array<Record<string, unknown>>,
  };
}

/**
 * Registers a member who can pay from the wallet: pay password `123456` and, when `yuan` is given, that much
 * credited by the administrator `admin`.
 */
export async function walletMember(app: FastifyInstance, admin: { token: string }, yuan?: string) {
  const u = await registerUser(app);
  if (yuan) {
    const r = await call(app, 'POST', '/api/backAdmin/update.user.wallet', {
      token: admin.token,
      body: { userId: u.userId, operate: 1, amount: yuan, idempotencyKey: `seed-wallet-${u.userId}` },
    });
    if (r.Code !== 0) throw new Error(`wallet credit failed: ${r.Code} ${r.Message}`);
  }
  const pw = await call(app, 'POST', '/api/v3/users/pay-password.update', {
    token: u.token,
    body: { payPassword: '123456', payPasswordConfirmation: '123456' },
  });
  if (pw.Code !== 0) throw new Error(`pay password failed: ${pw.Code} ${pw.Message}`);
  return u;
}

/** Creates an administrator and logs in. */
export async function adminUser(app: FastifyInstance) {
  const username = uniqueName('admin');
  await app.forum.install.createAdmin(username, 'adminpass1');
  const r = await call<{ accessToken: string; userId: number }>(app, 'POST', '/api/v3/users/username.login', {
    body: { username, password: 'adminpass1' },
  });
  return { token: r.Data.accessToken, userId: r.Data.userId, username };
}

/** Creates a plain thread (title and the same text as its body) in the default category; returns its id. */
export async function createThread(app: FastifyInstance, token: string, title: string): Promise<number> {
  const r = await call<{ threadId: number }>(app, 'POST', '/api/v3/thread.create', {
    token,
    body: { categoryId: 1, title, content: { text: `<p>${title}</p>` } },
  });
  if (r.Code !== 0) throw new Error(`thread.create failed: ${r.Code} ${r.Message}`);
  return r.Data.threadId;
}

/** The member behind `token` likes a thread's first post (what lists show as `isLike`). */
export async function likeThread(app: FastifyInstance, token: string, threadId: number): Promise<void> {
  const detail = await call<{ postId: number }>(app, 'GET', '/api/v3/thread.detail', {
    token,
    query: { threadId: String(threadId) },
  });
  const r = await call(app, 'POST', '/api/v3/posts.update', {
    token,
    body: { postId: detail.Data.postId, isLiked: true },
  });
  if (r.Code !== 0) throw new Error(`posts.update like failed: ${r.Code} ${r.Message}`);
}
