import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { Code } from '@forum/contracts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './platform/db/embedded/embedded-postgres.js';
import { isAlive, parentOf, readPostmasterPid } from './platform/db/embedded/postmaster-pid.js';
import { freePort } from './platform/db/embedded/wait.js';
import { startForumProcess, type ForumProcess } from './test/forum-process.js';

// The database going away must cost a moment of 503s (with a code and Retry-After), never 500s, and the site
// must come back by itself: the embedded postmaster is restarted, a DATABASE_URL server is reconnected to.
// Each its own temporary folder: the embedded server's OS user may enter the data folder, not its parents.
const embeddedDir = mkdtempSync(path.join(os.tmpdir(), 'forum-outage-'));
const externalDir = mkdtempSync(path.join(os.tmpdir(), 'forum-outage-url-'));
const running: ForumProcess[] = [];
const servers: EmbeddedPostgres[] = [];

afterAll(async () => {
  for (const f of running) await f.stop();
  for (const s of servers) await s.stop();
  for (const dir of [path.join(embeddedDir, 'pg'), path.join(externalDir, 'pg')]) {
    const left = readPostmasterPid(dir);
    if (left && isAlive(left.pid)) process.kill(left.pid, 'SIGINT');
  }
  for (const dir of [embeddedDir, externalDir]) rmSync(dir, { recursive: true, force: true });
});

/** One answer as the test keeps it. */
interface Answer {
  status: number;
  code: number;
  retryAfter: string | null;
  threadId?: number;
}

async function call(forum: ForumProcess, url: string, body?: unknown, token?: string): Promise<Answer> {
  const r = await forum.fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await r.json()) as { Code: number; Data: { threadId?: number } | null };
  return {
    status: r.status,
    code: json.Code,
    retryAfter: r.headers.get('retry-after'),
    ...(json.Data?.threadId ? { threadId: Number(json.Data.threadId) } : {}),
  };
}

/** The server's environment: no rate limit, and an administrator (who has no posting interval) to write as. */
const ENV = {
  LOG_LEVEL: 'info',
  RATE_LIMIT: 'off',
  FORUM_ADMIN_USERNAME: 'boss',
  FORUM_ADMIN_PASSWORD: 'secret123',
};

async function admin(forum: ForumProcess): Promise<string> {
  const login = await forum.post('/api/v3/users/username.login', { username: 'boss', password: 'secret123' });
  expect(login.Code).toBe(0);
  return login.Data.accessToken as string;
}

const newThread = (i: number) => ({
  categoryId: 1,
  title: `停机写入 ${i}`,
  content: { text: `<p>write ${i}</p>` },
});

/**
 * Writes in a loop from two clients (and asks /readyz) until `until` resolves; keeps every answer. An answer
 * with Code 0 is an acknowledged write.
 */
function writeLoop(forum: ForumProcess, token: string) {
  const answers: Answer[] = [];
  const ready: number[] = [];
  let stop = false;
  let i = 1000;
  const worker = async () => {
    while (!stop) {
      answers.push(await call(forum, '/api/v3/thread.create', newThread(i++), token));
      const r = await forum.fetch('/readyz');
      ready.push(r.status);
      await r.arrayBuffer();
    }
  };
  const done = Promise.all([worker(), worker()]);
  return {
    answers,
    ready,
    async stop() {
      stop = true;
      await done;
    },
  };
}

async function until(what: string, ms: number, check: () => boolean | Promise<boolean>): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Every answer is an acknowledged write or a 503 with the code and Retry-After: never a 500. */
function expectOnly200or503(answers: Answer[]): void {
  for (const a of answers) {
    if (a.code === 0) {
      expect(a.status).toBe(200);
      continue;
    }
    expect(a).toMatchObject({ status: 503, code: Code.SERVICE_UNAVAILABLE, retryAfter: '5' });
  }
}

async function expectAllThere(forum: ForumProcess, ids: number[]): Promise<void> {
  for (const id of ids) {
    const detail = await forum.get(`/api/v3/thread.detail?threadId=${id}`);
    expect(detail.Code, `thread ${id}`).toBe(0);
  }
}

describe('the database going away', () => {
  it('kill -9 of the embedded postmaster: 503 + Retry-After meanwhile, restarted by itself, nothing acknowledged lost', async () => {
    const forum = await startForumProcess(embeddedDir, undefined, ENV);
    running.push(forum);
    const pgDir = path.join(embeddedDir, 'pg');
    const token = await admin(forum);
    const before: number[] = [];
    for (let i = 0; i < 5; i++) {
      const a = await call(forum, '/api/v3/thread.create', newThread(i), token);
      expect(a.code).toBe(0);
      before.push(a.threadId!);
    }

    const killed = readPostmasterPid(pgDir)!.pid;
    const loop = writeLoop(forum, token);
    await until('writes before the kill', 10_000, () => loop.answers.some((a) => a.code === 0));
    process.kill(killed, 'SIGKILL');
    const killedAt = loop.answers.length;
    await until('a 503', 20_000, () => loop.answers.slice(killedAt).some((a) => a.status === 503));
    await until('an acknowledged write after the restart', 60_000, () =>
      loop.answers
        .slice(killedAt)
        .some((a, i, after) => a.code === 0 && after.slice(0, i).some((b) => b.status === 503)),
    );
    await loop.stop();

    expectOnly200or503(loop.answers);
    const unavailable = loop.answers.filter((a) => a.status === 503).length;
    expect(loop.ready).toContain(503);
    // Ready again: asked afresh, since the loop's last probe may have been in flight beside the first
    // acknowledged write (two workers), on a pooled connection of the killed server.
    await until('readyz 200 again', 10_000, async () => {
      const r = await forum.fetch('/readyz');
      await r.arrayBuffer();
      return r.status === 200;
    });
    const restarted = readPostmasterPid(pgDir)!.pid;
    expect(restarted).not.toBe(killed);
    expect(parentOf(restarted)).toBe(forum.child.pid);
    // The child's log reaches this process through its stdout pipe, which can trail its HTTP answers: the line
    // was written before the first acknowledged write, but may arrive after (once it did, and this failed).
    await until(
      'the restart and the recovery in the log',
      10_000,
      () =>
        /killed by SIGKILL; restarting it/.test(forum.output()) &&
        /database reachable again/.test(forum.output()),
    );
    console.info(
      `kill -9: ${loop.answers.length} writes, ${unavailable} answered 503;`,
      forum.output().match(/database reachable again after [\d.]+ s/)?.[0],
    );

    const after = await call(forum, '/api/v3/thread.create', newThread(1), token);
    expect(after.code).toBe(0);
    const acknowledged = loop.answers.filter((a) => a.code === 0).map((a) => a.threadId!);
    await expectAllThere(forum, [...before, ...acknowledged, after.threadId!]);
  }, 180_000);

  it('a DATABASE_URL server stopped and started again: 503 while it is away, back by itself', async () => {
    const pgDir = path.join(externalDir, 'pg');
    const port = await freePort();
    const start = async () => {
      const s = await startEmbeddedPostgres({ dir: pgDir, port, log: () => {} });
      servers.push(s);
      return s;
    };
    let server = await start();
    const client = new pg.Client({ connectionString: server.url('postgres') });
    await client.connect();
    await client.query('CREATE DATABASE forum_ext');
    await client.end();
    const forum = await startForumProcess(externalDir, { databaseUrl: server.url('forum_ext') }, ENV);
    running.push(forum);
    const token = await admin(forum);
    const first = await call(forum, '/api/v3/thread.create', newThread(1), token);
    expect(first.code).toBe(0);

    // Fast shutdown: open connections get 57P01, new ones ECONNREFUSED.
    await server.stop();
    for (const url of [
      '/api/v3/thread.list?perPage=10',
      `/api/v3/thread.detail?threadId=${first.threadId}`,
    ]) {
      const a = await call(forum, url);
      expect(a).toMatchObject({ status: 503, code: Code.SERVICE_UNAVAILABLE, retryAfter: '5' });
    }
    const write = await call(forum, '/api/v3/thread.create', newThread(2), token);
    expect(write).toMatchObject({ status: 503, code: Code.SERVICE_UNAVAILABLE, retryAfter: '5' });
    expect((await forum.fetch('/readyz')).status).toBe(503);

    server = await start();
    await until('the forum back on the restarted server', 30_000, async () => {
      return (await call(forum, `/api/v3/thread.detail?threadId=${first.threadId}`)).code === 0;
    });
    expect((await forum.fetch('/readyz')).status).toBe(200);
    const again = await call(forum, '/api/v3/thread.create', newThread(3), token);
    expect(again.code).toBe(0);
    await expectAllThere(forum, [first.threadId!, again.threadId!]);
  }, 180_000);
});
