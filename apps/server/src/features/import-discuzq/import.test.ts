import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Db } from '../../platform/db/db.js';
import { call, startTestApp, type TestApp } from '../../test/harness.js';
import { LocalStorage } from '../attachments/index.js';
import { Ledger } from '../wallet/index.js';
import { createSourceDatabase, dropSourceDatabase, fillSample } from './fixtures/source-db.js';
import { formatReport, importDiscuzq } from './import.service.js';

const SERVER = process.env.MARIADB_URL ?? 'mysql://root@127.0.0.1:3306/test';
/** Why the suite is skipped, or null when a MariaDB/MySQL server answers. */
const unavailable = await mysql
  .createConnection({ uri: SERVER, connectTimeout: 2000 })
  .then(async (c) => (await c.end(), null))
  .catch((e: Error) => `no MariaDB answers at MARIADB_URL (${e.message}); the importer test is skipped`);
if (unavailable) console.warn(unavailable);

const PASSWORD = 'old-secret-1';
const count = async (db: Db, table: string) =>
  Number((await rowsOf<{ n: string }>(db, sql.raw(`SELECT count(*) AS n FROM ${table}`)))[0]!.n);

describe.skipIf(unavailable !== null)('import:discuzq from a Discuz! Q database on MariaDB', () => {
  const name = `dzq_import_${process.pid}`;
  let t: TestApp;
  let from: string;
  let db: Db;
  const before: Record<string, number> = {};
  const TABLES = [
    'users',
    'threads',
    'posts',
    'categories',
    'thread_toms',
    'attachments',
    'post_likes',
    'thread_favorites',
    'user_follow',
    'deny_users',
    'dialogs',
    'dialog_messages',
    'topics',
    'stop_words',
    'orders',
    'thread_topics',
    'post_mentions',
    'notifications',
    'admin_sign_in_fields',
    'user_sign_in_fields',
    'thread_votes',
    'thread_vote_options',
    'thread_vote_users',
    'ledger_transactions',
    'ledger_entries',
    'groups',
    'group_permissions',
    'group_user',
  ];

  beforeAll(async () => {
    from = await createSourceDatabase(SERVER, name);
    await fillSample(from, PASSWORD);
    t = await startTestApp();
    db = t.app.forum.database.db;
    for (const table of TABLES) before[table] = await count(db, table);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await dropSourceDatabase(SERVER, name).catch(() => {});
  });

  const added = async (table: string) => (await count(db, table)) - before[table]!;

  it('imports every table, keeps counts, and reports what it skipped', async () => {
    const reports = await importDiscuzq(db, { from, batch: 2 });
    const report = formatReport(reports);
    const by = Object.fromEntries(reports.map((r) => [r.table, r]));
    expect(await added('users')).toBe(4);
    expect(await added('categories')).toBe(2);
    expect(await added('groups')).toBe(1); // 1, 7, 10 are ours already
    expect(await added('group_permissions')).toBe(2);
    expect(await added('threads')).toBe(3);
    expect(by.threads!.skipped).toEqual({ 'author not imported': 1 });
    expect(await added('posts')).toBe(6);
    expect(await added('thread_toms')).toBe(6);
    expect(by.thread_tom!.skipped).toEqual({ 'block deleted in the source': 1 });
    expect(await added('attachments')).toBe(2);
    expect(await added('thread_votes')).toBe(1);
    expect(await added('thread_vote_options')).toBe(2);
    expect(await added('thread_vote_users')).toBe(2);
    expect(await added('post_likes')).toBe(2);
    expect(await added('thread_favorites')).toBe(1);
    expect(await added('user_follow')).toBe(3);
    expect(await added('deny_users')).toBe(1);
    expect(await added('dialogs')).toBe(1);
    expect(await added('dialog_messages')).toBe(2);
    expect(await added('topics')).toBe(1);
    expect(await added('stop_words')).toBe(1);
    expect(await added('orders')).toBe(3);
    expect(await added('thread_topics')).toBe(1);
    expect(await added('post_mentions')).toBe(1);
    expect(await added('admin_sign_in_fields')).toBe(1);
    expect(await added('user_sign_in_fields')).toBe(1);
    expect(by.user_sign_in_fields!.skipped).toEqual({ 'field or user not imported': 1 });
    expect(await added('notifications')).toBe(2);
    const [replied] = await rowsOf<{ type: string; sender: number; name: string }>(
      db,
      sql`SELECT n.type, n.sender_id AS sender, u.username AS name FROM notifications n
          JOIN users u ON u.id = n.sender_id WHERE n.type = 'replied'`,
    );
    expect(replied).toMatchObject({ type: 'replied', name: 'bob' });
    // 5 logs + bob's opening and closing entries.
    expect(await added('ledger_transactions')).toBe(7);
    expect(by.user_wallets!.listed).toEqual([
      expect.stringMatching(/^user 3 .*opening 100 fen, closing 50 fen/),
    ]);
    expect(report).toMatch(/threads: skipped 1: author not imported/);
  }, 60_000);

  it('keeps the wallets the original had, and the ledger balances', async () => {
    const [alice, bob] = await Promise.all(
      ['alice', 'bob'].map(
        async (u) =>
          (
            await rowsOf<{ available: string; frozen: string; status: number }>(
              db,
              sql`SELECT w.available, w.frozen, w.status FROM wallets w JOIN users u ON u.id = w.user_id WHERE u.username = ${u}`,
            )
          )[0],
      ),
    );
    expect(alice).toMatchObject({ available: '1250', frozen: '500', status: 0 });
    expect(bob).toMatchObject({ available: '300', frozen: '0', status: 1 });
    const check = await new Ledger().reconcile(db);
    expect(check).toEqual({ driftingUserIds: [], unbalancedTransactionIds: [], total: 0n });
  });

  it('lets a migrated user log in with the old password, then stores argon2id', async () => {
    const login = await call(t.app, 'POST', '/api/v3/users/username.login', {
      body: { username: 'alice', password: PASSWORD },
    });
    expect(login.Code).toBe(0);
    const [row] = await rowsOf<{ h: string }>(
      db,
      sql`SELECT password_hash AS h FROM users WHERE username = 'alice'`,
    );
    expect(row!.h).toMatch(/^\$argon2id\$/);
    const again = await call(t.app, 'POST', '/api/v3/users/username.login', {
      body: { username: 'alice', password: PASSWORD },
    });
    expect(again.Code).toBe(0);
    const wrong = await call(t.app, 'POST', '/api/v3/users/username.login', {
      body: { username: 'bob', password: 'not-it' },
    });
    expect(wrong.Code).not.toBe(0);
  });

  it('shows a migrated thread with its text, image and file through thread.detail', async () => {
    const [th] = await rowsOf<{ id: number }>(db, sql`SELECT id FROM threads WHERE title = '迁移过来的主题'`);
    const d = await call(t.app, 'GET', '/api/v3/thread.detail', { query: { threadId: String(th!.id) } });
    expect(d.Code).toBe(0);
    expect(d.Data.title).toBe('迁移过来的主题');
    expect(d.Data.content.text).toContain('旧站的正文');
    expect(Object.keys(d.Data.content.indexes).sort()).toEqual(['101', '108']);
    const replies = await call(t.app, 'GET', '/api/v3/posts.list', {
      query: { 'filter[thread]': String(th!.id), perPage: '10', page: '1' },
    });
    expect(replies.Code).toBe(0);
    expect(replies.Data.pageData).toHaveLength(2);
    const [counted] = await rowsOf<{ n: number }>(
      db,
      sql`SELECT post_count AS n FROM threads WHERE id = ${th!.id}`,
    );
    expect(counted!.n).toBe(3); // two replies and a comment, as ours counts
    const indexes = d.Data.content.indexes;
    expect(indexes['101'].body.images[0]).toMatchObject({ fileName: 'a.png', fileType: 'image/png' });
    expect(indexes['108'].body.docs[0]).toMatchObject({ fileName: '说明.pdf' });
    for (const title of ['Vote and goods', 'Red packet and reward']) {
      const [o] = await rowsOf<{ id: number }>(db, sql`SELECT id FROM threads WHERE title = ${title}`);
      const other = await call(t.app, 'GET', '/api/v3/thread.detail', { query: { threadId: String(o!.id) } });
      expect(other.Code).toBe(0);
      expect(Object.keys(other.Data.content.indexes).length).toBe(2);
      if (title.startsWith('Vote'))
        expect(other.Data.content.indexes['109'].body).toMatchObject({
          voteTitle: 'Which?',
          voteUsers: 2,
          subitems: [
            { content: 'red', voteCount: 1 },
            { content: 'blue', voteCount: 1 },
          ],
        });
    }
  });

  it('changes nothing on a second run', async () => {
    const counts = Object.fromEntries(await Promise.all(TABLES.map(async (x) => [x, await count(db, x)])));
    const reports = await importDiscuzq(db, { from, batch: 3 });
    expect(reports.reduce((a, r) => a + r.imported, 0)).toBe(0);
    for (const x of TABLES) expect([x, await count(db, x)]).toEqual([x, counts[x]]);
  }, 60_000);

  it('copies attachment files with --files after the magic-byte check', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dzq-files-'));
    const uploads = mkdtempSync(path.join(os.tmpdir(), 'dzq-uploads-'));
    const at = path.join(dir, 'public/attachments/2021/06/01');
    mkdirSync(at, { recursive: true });
    writeFileSync(path.join(at, 'a.png'), Buffer.from(PNG, 'base64'));
    writeFileSync(path.join(at, 'doc.pdf'), 'not a pdf at all');
    try {
      const reports = await importDiscuzq(db, { from, files: { dir, storage: new LocalStorage(uploads) } });
      const files = reports.find((r) => r.table === 'attachment_files')!;
      expect(files.imported).toBe(1);
      expect(files.skipped).toEqual({ 'file content does not match its extension': 1 });
      expect(existsSync(path.join(uploads, 'public/attachments/2021/06/01/a.png'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(uploads, { recursive: true, force: true });
    }
  });
});

/** A 1×1 PNG. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
