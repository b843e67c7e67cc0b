import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The zero-setup path, as a person runs it: the real process on embedded PGlite (never DATABASE_URL),
// real HTTP, register and log in, then a restart on the same data directory.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forum-smoke-'));
let child: ChildProcess | null = null;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function start(port: number): Promise<{ ms: number; output: () => string }> {
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
  let out = '';
  const t0 = Date.now();
  child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
  });
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  for (;;) {
    if (Date.now() - t0 > 60_000) throw new Error(`server did not start:\n${out}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/v3/forum`);
      if (r.ok && ((await r.json()) as { Code: number }).Code === 0)
        return { ms: Date.now() - t0, output: () => out };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stop(): Promise<void> {
  const c = child;
  child = null;
  if (!c || c.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    c.on('exit', () => resolve());
    c.kill('SIGTERM');
  });
}

async function post(port: number, url: string, body: unknown, token?: string) {
  const r = await fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await r.json()) as { Code: number; Data: { accessToken: string } };
}

afterAll(async () => {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('smoke: the real server on embedded PGlite', () => {
  it('starts on an empty data dir, registers, logs in, and keeps the data across a restart', async () => {
    const port = await freePort();
    const first = await start(port);
    // PGlite's first initdb is CPU-bound WASM: about 5 s idle, much more when the suite loads both cores,
    // so the bound here is loose; the README figure is measured on an idle machine.
    expect(first.ms).toBeLessThan(45_000);
    expect(first.output()).toMatch(/install\?token=/);
    const reg = await post(port, '/api/v3/users/username.register', {
      username: 'smoke',
      password: 'secret123',
    });
    expect(reg.Code).toBe(0);
    const login = await post(port, '/api/v3/users/username.login', {
      username: 'smoke',
      password: 'secret123',
    });
    expect(login.Code).toBe(0);
    const me = await fetch(`http://127.0.0.1:${port}/api/v3/user`, {
      headers: { authorization: `Bearer ${login.Data.accessToken}` },
    });
    expect(((await me.json()) as { Data: { username: string } }).Data.username).toBe('smoke');
    await stop();

    const second = await start(port);
    expect(second.ms).toBeLessThan(15_000);
    const again = await post(port, '/api/v3/users/username.login', {
      username: 'smoke',
      password: 'secret123',
    });
    expect(again.Code).toBe(0);
    // The token from before the restart still works: sessions live in the database.
    const old = await fetch(`http://127.0.0.1:${port}/api/v3/user`, {
      headers: { authorization: `Bearer ${login.Data.accessToken}` },
    });
    expect(((await old.json()) as { Code: number }).Code).toBe(0);
    await stop();
  }, 120_000);
});
