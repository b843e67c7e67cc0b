import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../platform/db/embedded/wait.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The forum as a person runs it: `main.ts` in its own process, on the embedded server (never DATABASE_URL). */
export interface ForumProcess {
  child: ChildProcess;
  port: number;
  /** Milliseconds from spawn to the first good API answer. */
  ms: number;
  output(): string;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
  post(url: string, body: unknown, token?: string): Promise<{ Code: number; Data: any }>;
  /** A raw request on the server (status and headers too). */
  fetch(url: string, init?: RequestInit): Promise<Response>;
  get(url: string, token?: string): Promise<{ Code: number; Data: any }>;
}

/**
 * Spawns the server on `dataDir` and waits until the API answers. By default on its own embedded server;
 * `shared` points it at a database (and Redis) other processes use too: several instances of one site.
 */
export async function startForumProcess(
  dataDir: string,
  shared?: { databaseUrl: string; redisUrl?: string | undefined; env?: NodeJS.ProcessEnv },
  /** More environment for the server (after the defaults). */
  extraEnv?: NodeJS.ProcessEnv,
): Promise<ForumProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    FORUM_WEB: 'off',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.VITEST;
  if (shared) {
    env.DATABASE_URL = shared.databaseUrl;
    if (shared.redisUrl) env.REDIS_URL = shared.redisUrl;
    Object.assign(env, shared.env);
  }
  Object.assign(env, extraEnv);
  let out = '';
  const t0 = Date.now();
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: root,
      env,
    },
  );
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const request = async (method: string, url: string, body?: unknown, token?: string) => {
    const r = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return (await r.json()) as { Code: number; Data: any };
  };
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${out}`);
    if (Date.now() - t0 > 90_000) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${out}`);
    }
    try {
      if ((await request('GET', '/api/v3/forum')).Code === 0) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    port,
    ms: Date.now() - t0,
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
    post: (url, body, token) => request('POST', url, body, token),
    fetch: (url, init) => fetch(`${base}${url}`, init),
    get: (url, token) => request('GET', url, undefined, token),
  };
}
