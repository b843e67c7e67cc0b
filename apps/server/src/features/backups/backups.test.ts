import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { createWriteStream } from 'node:fs';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../platform/config.js';
import { openDatabase, type Database } from '../../platform/db/db.js';
import {
  adminUser,
  call,
  createThread,
  freshDatabase,
  registerUser,
  startTestApp,
  uploadFile,
  walletMember,
  type TestApp,
} from '../../test/harness.js';
import { BackupRefused, createBackup, restoreBackup, type BackupManifest } from './index.js';
import { archiveEnd, entryHeader, entryPadding, readTar } from './tar.js';

let t: TestApp;
let work: string;
let archive: string;
let manifest: BackupManifest;
const member = { username: '', password: 'oldpass123', token: '', userId: 0 };
let threadId = 0;
let attachmentUrl = '';
let attachmentBytes: Buffer;

const testConfig = (db: { databaseUrl: string; dataDir: string }) =>
  loadConfig(
    { NODE_ENV: 'test', DATA_DIR: db.dataDir, DATABASE_URL: db.databaseUrl },
    { web: 'off', rateLimit: { enabled: false, windowMs: 60_000, read: 1, write: 1, auth: 1 } },
  );

async function counts(exec: Database['exec']): Promise<Record<string, number>> {
  const tables = await exec(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
  const out: Record<string, number> = {};
  for (const r of tables.rows) {
    const name = String(r.tablename);
    out[name] = Number((await exec(`SELECT count(*) AS n FROM "${name}"`)).rows[0]!.n);
  }
  return out;
}

/** Rewrites an archive entry by entry (tests forge damaged and newer archives with it). */
async function rewrite(
  from: string,
  to: string,
  change: (name: string, data: Buffer) => Buffer,
): Promise<void> {
  const entries: { name: string; data: Buffer }[] = [];
  let chunks: Buffer[] = [];
  await readTar(
    createReadStream(from).pipe(createGunzip()),
    async () => {
      chunks = [];
      return (c) => void chunks.push(Buffer.from(c));
    },
    (e) => void entries.push({ name: e.name, data: Buffer.concat(chunks) }),
  );
  const blocks: Buffer[] = [];
  for (const e of entries) {
    const data = change(e.name, e.data);
    blocks.push(entryHeader(e.name, data.length), data, entryPadding(data.length));
  }
  blocks.push(archiveEnd());
  await pipeline(Readable.from(blocks), createGzip(), createWriteStream(to));
}

/** A fresh, empty database and DATA_DIR, opened as the CLI opens them. */
async function emptySite() {
  const db = await freshDatabase({ migrated: false });
  const database = await openDatabase(testConfig(db));
  return { db, database };
}

beforeAll(async () => {
  t = await startTestApp();
  work = mkdtempSync(path.join(os.tmpdir(), 'forum-backup-test-'));
  const admin = await adminUser(t.app);
  member.username = `bk${Date.now() % 1e8}`;
  const reg = await registerUser(t.app, member.username, member.password);
  member.token = reg.token;
  member.userId = reg.userId;
  threadId = await createThread(t.app, member.token, 'Backed-up thread');
  for (let i = 0; i < 3; i++) {
    const r = await call(t.app, 'POST', '/api/v3/posts.create', {
      token: member.token,
      body: { id: threadId, content: `reply ${i}` },
    });
    expect(r.Code).toBe(0);
  }
  // Money: a member credited by the administrator, then paying a tip, so the ledger holds real postings.
  const payer = await walletMember(t.app, admin, '50.00');
  const credit = await call(t.app, 'POST', '/api/backAdmin/update.user.wallet', {
    token: admin.token,
    body: { userId: member.userId, operate: 1, amount: '12.34', idempotencyKey: 'backup-credit-1' },
  });
  expect(credit.Code).toBe(0);
  expect(payer.userId).toBeGreaterThan(0);
  attachmentBytes = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
  const up = await uploadFile(t.app, member.token, { name: 'kept.png', data: attachmentBytes }, 1);
  expect(up.Code).toBe(0);
  attachmentUrl = up.Data.url;
  const served = await t.app.inject({
    method: 'GET',
    url: attachmentUrl,
    headers: { authorization: `Bearer ${member.token}` },
  });
  expect(served.statusCode).toBe(200);
  // The stored file (re-encoded on upload) is what must come back.
  attachmentBytes = served.rawPayload;
}, 120_000);

afterAll(async () => {
  await t?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('npm run forum -- backup', () => {
  it('writes one archive with the rows, the files and a manifest of versions, counts and checksums', async () => {
    const r = await createBackup({
      database: t.app.forum.database,
      dataDir: t.config.dataDir,
      toDir: work,
      appVersion: '9.9.9',
    });
    archive = r.file;
    manifest = r.manifest;
    expect(path.basename(r.file)).toMatch(/^forum-backup-\d{8}-\d{6}-\d{3}\.tar\.gz$/);
    expect(r.size).toBeGreaterThan(1000);
    expect(manifest.appVersion).toBe('9.9.9');
    expect(manifest.database.migrations.length).toBeGreaterThan(20);
    expect(manifest.database.migrations[0]!.tag).toBe('0000_init');
    // The example plugin with a table was migrated by the test app: its migration is listed.
    expect(manifest.database.pluginMigrations).toContainEqual({ plugin: 'activity', id: '001-signups' });
    const rows = Object.fromEntries(manifest.database.tables.map((x) => [x.name, x.rows]));
    expect(rows).toEqual(await counts(t.app.forum.database.exec));
    expect(rows.posts).toBeGreaterThanOrEqual(4);
    expect(rows.ledger_entries).toBeGreaterThan(0);
    const files = Object.keys(manifest.parts).filter((p) => p.startsWith('files/'));
    expect(files.some((f) => f.startsWith('files/uploads/'))).toBe(true);
    expect(files.some((f) => /(^|\/)pg(\.|\/|$)/.test(f.slice(6)))).toBe(false);
    for (const p of Object.values(manifest.parts)) expect(p.sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('npm run forum -- restore', () => {
  let restored: { app: FastifyInstance; close(): Promise<void> };
  let site: Awaited<ReturnType<typeof emptySite>>;

  beforeAll(async () => {
    site = await emptySite();
    await restoreBackup({ database: site.database, dataDir: site.db.dataDir, file: archive });
    await site.database.close();
    const app = await buildApp(testConfig(site.db));
    restored = { app, close: () => app.close() };
  }, 120_000);
  afterAll(async () => {
    await restored?.close();
    await site?.db.drop();
  });

  it('is the same site: row counts, the old password, the thread, the ledger, the files', async () => {
    const after = await counts(restored.app.forum.database.exec);
    const before = Object.fromEntries(manifest.database.tables.map((x) => [x.name, x.rows]));
    expect(after).toEqual(before);
    const login = await call(restored.app, 'POST', '/api/v3/users/username.login', {
      body: { username: member.username, password: member.password },
    });
    expect(login.Code).toBe(0);
    const token = login.Data.accessToken as string;
    const d = await call(restored.app, 'GET', '/api/v3/thread.detail', {
      query: { threadId: String(threadId) },
    });
    expect(d.Code).toBe(0);
    expect(d.Data.title).toBe('Backed-up thread');
    expect(d.Data.postCount).toBe(3);
    const wallet = await call(restored.app, 'GET', '/api/v3/wallet/user', { token });
    expect(wallet.Data.availableFen).toBe(1234);
    const unbalanced = await restored.app.forum.database.exec(
      'SELECT transaction_id FROM ledger_entries GROUP BY 1 HAVING sum(amount) <> 0',
    );
    expect(unbalanced.rows).toEqual([]);
    const file = await restored.app.inject({
      method: 'GET',
      url: attachmentUrl,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, attachmentBytes)).toBe(0);
    // New rows continue after the restored ones (sequences were set).
    const next = await call(restored.app, 'POST', '/api/v3/posts.create', {
      token,
      body: { id: threadId, content: 'after the restore' },
    });
    expect(next.Code).toBe(0);
  });

  it('refuses a second restore into the now non-empty database', async () => {
    const database = await openDatabase(testConfig(site.db));
    try {
      await expect(
        restoreBackup({ database, dataDir: mkdtempSync(path.join(work, 'd-')), file: archive }),
      ).rejects.toThrow(/database is not empty/);
    } finally {
      await database.close();
    }
  });
});

describe('restore refuses', () => {
  it('an archive whose schema has a migration unknown here, naming it', async () => {
    const newer = path.join(work, 'newer.tar.gz');
    await rewrite(archive, newer, (name, data) => {
      if (name !== 'manifest.json') return data;
      const m = JSON.parse(data.toString()) as BackupManifest;
      m.database.migrations.push({ tag: '9999_from_the_future', when: 4102444800000, hash: 'x' });
      return Buffer.from(JSON.stringify(m));
    });
    const site = await emptySite();
    try {
      const err = await restoreBackup({
        database: site.database,
        dataDir: site.db.dataDir,
        file: newer,
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BackupRefused);
      expect((err as Error).message).toMatch(/newer forum.*9999_from_the_future/);
      // Nothing was touched: no tables were made.
      const tables = await site.database.exec(
        `SELECT count(*) AS n FROM pg_tables WHERE schemaname = 'public'`,
      );
      expect(Number(tables.rows[0]!.n)).toBe(0);
    } finally {
      await site.database.close();
      await site.db.drop();
    }
  });

  it('a tampered archive (a part that does not match its checksum)', async () => {
    const tampered = path.join(work, 'tampered.tar.gz');
    await rewrite(archive, tampered, (name, data) =>
      name === 'db/users.copy' ? Buffer.from(data.toString().replace(member.username, 'mallory')) : data,
    );
    const site = await emptySite();
    try {
      await expect(
        restoreBackup({ database: site.database, dataDir: site.db.dataDir, file: tampered }),
      ).rejects.toThrow(/db\/users\.copy does not match its checksum/);
      expect(existsSync(path.join(site.db.dataDir, 'uploads'))).toBe(false);
    } finally {
      await site.database.close();
      await site.db.drop();
    }
  });

  it('a file that is not a backup', async () => {
    const junk = path.join(work, 'junk.tar.gz');
    writeFileSync(junk, 'not a gzip file');
    const site = await emptySite();
    try {
      await expect(
        restoreBackup({ database: site.database, dataDir: site.db.dataDir, file: junk }),
      ).rejects.toThrow(BackupRefused);
    } finally {
      await site.database.close();
      await site.db.drop();
    }
    expect(readFileSync(junk, 'utf8')).toBe('not a gzip file');
  });
});
