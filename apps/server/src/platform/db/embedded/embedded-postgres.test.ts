import { mkdirSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import { POOL_SIZE } from './postgres-settings.js';
import { isAlive, readPostmasterPid } from './postmaster-pid.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forum-embedded-'));
const dir = path.join(dataDir, 'pg');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function show(url: string, names: string[]): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const out: Record<string, string> = {};
    for (const n of names) out[n] = (await client.query(`SHOW ${n}`)).rows[0][n];
    return out;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL supervisor', () => {
  it('initialises a private, loopback-only, small server shares it while it runs, and needs its password file', async () => {
    const server = await startEmbeddedPostgres({ dir, log: () => {} });
    try {
      expect(statSync(`${dir}.password`).mode & 0o777).toBe(0o600);
      expect(await show(server.url('postgres'), ['listen_addresses', 'unix_socket_directories'])).toEqual({
        listen_addresses: '127.0.0.1',
        unix_socket_directories: '',
      });
      const tuned = await show(server.url('postgres'), ['max_connections', 'shared_buffers', 'jit']);
      expect(tuned).toEqual({
        max_connections: String(2 * POOL_SIZE + 5),
        shared_buffers: '32MB',
        jit: 'off',
      });
      // A wrong password is refused: logins are scram, not trust.
      const intruder = new pg.Client({ connectionString: server.url('postgres').replace(/:[^:@]+@/, ':x@') });
      await expect(intruder.connect()).rejects.toThrow(/password/);

      // Started again while this process runs it (a CLI command beside the server): the same server,
      // and stopping the shared handle leaves it running.
      const shared = await startEmbeddedPostgres({ dir, log: () => {} });
      expect(shared.pid).toBe(server.pid);
      await shared.stop();
      expect(isAlive(server.pid)).toBe(true);
    } finally {
      await server.stop();
    }
    expect(isAlive(server.pid)).toBe(false);
    expect(readPostmasterPid(dir)).toBeNull();

    // Without its password file the cluster cannot be logged into: say so rather than invent a new one.
    renameSync(`${dir}.password`, `${dir}.password.bak`);
    await expect(startEmbeddedPostgres({ dir, log: () => {} })).rejects.toThrow(/pg\.password .*missing/);
  }, 60_000);

  it('refuses a data folder of another PostgreSQL major (PGlite kept PostgreSQL 17 there) with a way out', async () => {
    const old = path.join(dataDir, 'old', 'pg');
    mkdirSync(old, { recursive: true });
    writeFileSync(path.join(old, 'PG_VERSION'), '17\n');
    await expect(startEmbeddedPostgres({ dir: old, log: () => {} })).rejects.toThrow(
      /PostgreSQL 17 .*pg_dump/s,
    );
  });
});
