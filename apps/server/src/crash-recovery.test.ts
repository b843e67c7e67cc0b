import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isAlive, parentOf, readPostmasterPid } from './platform/db/embedded/postmaster-pid.js';
import { startForumProcess, type ForumProcess } from './test/forum-process.js';

// kill -9 of the forum leaves its PostgreSQL running (it is its own process); the next start must stop
// that orphan, start its own, and lose nothing that was acknowledged.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forum-crash-'));
const pgDir = path.join(dataDir, 'pg');
let forum: ForumProcess | null = null;

afterAll(async () => {
  await forum?.stop();
  const left = readPostmasterPid(pgDir);
  if (left && isAlive(left.pid)) process.kill(left.pid, 'SIGINT');
  rmSync(dataDir, { recursive: true, force: true });
});

async function readBack(f: ForumProcess, threadId: number): Promise<void> {
  const login = await f.post('/api/v3/users/username.login', { username: 'crash', password: 'secret123' });
  expect(login.Code).toBe(0);
  const detail = await f.get(`/api/v3/thread.detail?threadId=${threadId}`);
  expect(detail.Code).toBe(0);
  expect(detail.Data.title).toBe('写入后被杀');
}

describe('crash recovery of the embedded server', () => {
  it('reads back an acknowledged write after kill -9 of the forum, and starts over a stale pid file', async () => {
    forum = await startForumProcess(dataDir);
    const reg = await forum.post('/api/v3/users/username.register', {
      username: 'crash',
      password: 'secret123',
    });
    expect(reg.Code).toBe(0);
    const created = await forum.post(
      '/api/v3/thread.create',
      { categoryId: 1, title: '写入后被杀', content: { text: '<p>acknowledged</p>' } },
      reg.Data.accessToken,
    );
    expect(created.Code).toBe(0);
    const threadId = Number(created.Data.threadId);

    const orphan = readPostmasterPid(pgDir)!.pid;
    const killed = forum.child;
    await new Promise<void>((resolve) => {
      killed.once('exit', () => resolve());
      killed.kill('SIGKILL');
    });
    expect(isAlive(orphan)).toBe(true);

    forum = await startForumProcess(dataDir);
    expect(isAlive(orphan)).toBe(false);
    expect(parentOf(readPostmasterPid(pgDir)!.pid)).toBe(forum.child.pid);
    await readBack(forum, threadId);
    await forum.stop();

    // After a reboot the pid in a leftover postmaster.pid can belong to any process (here: this one).
    writeFileSync(
      path.join(pgDir, 'postmaster.pid'),
      `${process.pid}\n${pgDir}\n0\n5432\n\n127.0.0.1\n0 0\nready\n`,
    );
    forum = await startForumProcess(dataDir);
    await readBack(forum, threadId);
    await forum.stop();
  }, 240_000);
});
