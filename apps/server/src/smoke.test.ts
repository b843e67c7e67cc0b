import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isAlive, parentOf, readPostmasterPid } from './platform/db/embedded/postmaster-pid.js';
import { startForumProcess, type ForumProcess } from './test/forum-process.js';

// The zero-setup path, as a person runs it: the real process with no DATABASE_URL starts and supervises
// its own PostgreSQL server in DATA_DIR/pg; real HTTP, register and log in, a clean stop, a restart.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forum-smoke-'));
const pgDir = path.join(dataDir, 'pg');
let forum: ForumProcess | null = null;

afterAll(async () => {
  await forum?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('smoke: the real server on its embedded PostgreSQL server', () => {
  it('starts on an empty data dir with postgres under it, keeps the data across a restart, stops it on SIGTERM', async () => {
    forum = await startForumProcess(dataDir);
    // initdb plus start take about 2 s idle; the bound is loose because the suite loads both cores.
    expect(forum.ms).toBeLessThan(45_000);
    expect(forum.output()).toMatch(/install\?token=/);
    const postmaster = readPostmasterPid(pgDir)!;
    expect(parentOf(postmaster.pid)).toBe(forum.child.pid);
    expect(statSync(path.join(dataDir, 'pg.password')).mode & 0o777).toBe(0o600);

    const reg = await forum.post('/api/v3/users/username.register', {
      username: 'smoke',
      password: 'secret123',
    });
    expect(reg.Code).toBe(0);
    const login = await forum.post('/api/v3/users/username.login', {
      username: 'smoke',
      password: 'secret123',
    });
    expect(login.Code).toBe(0);
    const token = login.Data.accessToken as string;
    expect((await forum.get('/api/v3/user', token)).Data.username).toBe('smoke');
    await forum.stop();
    // A clean stop takes the server down with it: no process, no pid file.
    expect(isAlive(postmaster.pid)).toBe(false);
    expect(existsSync(path.join(pgDir, 'postmaster.pid'))).toBe(false);

    forum = await startForumProcess(dataDir);
    expect(forum.ms).toBeLessThan(30_000);
    const again = await forum.post('/api/v3/users/username.login', {
      username: 'smoke',
      password: 'secret123',
    });
    expect(again.Code).toBe(0);
    // The token from before the restart still works: sessions live in the database.
    expect((await forum.get('/api/v3/user', token)).Code).toBe(0);
    await forum.stop();
  }, 180_000);
});
