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
import type { StepReport } from './runner.js';

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
    'order_children',
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
    'red_packets',
    'red_packet_grants',
    'thread_rewards',
    'reward_payouts',
    'wallet_cash',
    'invites',
    'user_distributions',
    'group_paid_users',
    'reports',
    'wechat_users',
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
  /** The first run's report by table. */
  let by: Record<string, StepReport> = {};
  const idOf = async (query: ReturnType<typeof sql>) => (await rowsOf<{ id: number }>(db, query))[0]!.id;
  const detail = async (title: string) => {
    const id = await idOf(sql`SELECT id FROM threads WHERE title = ${title}`);
    return call(t.app, 'GET', '/api/v3/thread.detail', { query: { threadId: String(id) } });
  };
  const iso = (d: unknown) => (d === null ? null : new Date(d as string).toISOString());

  it('imports every table, keeps counts, and reports what it skipped', async () => {
    const reports = await importDiscuzq(db, { from, batch: 2 });
    const report = formatReport(reports);
    by = Object.fromEntries(reports.map((r) => [r.table, r]));
    expect(await added('users')).toBe(4);
    expect(await added('categories')).toBe(2);
    expect(await added('groups')).toBe(1); // 1, 7, 10 are ours already
    expect(await added('group_permissions')).toBe(2);
    expect(await added('threads')).toBe(4);
    expect(by.threads!.skipped).toEqual({ 'author not imported': 1 });
    expect(await added('posts')).toBe(9); // 8 posts and one answer of the Q&A
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
    expect(await added('orders')).toBe(4);
    expect(await added('order_children')).toBe(2);
    expect(by.order_children!.skipped).toEqual({ 'order not imported': 1 });
    expect(by.order_children!.notes).toEqual({});
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
    // 11 logs + bob's opening and closing entries.
    expect(await added('ledger_transactions')).toBe(13);
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
    expect(alice).toMatchObject({ available: '550', frozen: '550', status: 0 });
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

  it('brings goods, red packets, bounties and answered Q&A over as history', async () => {
    const goods = await detail('Vote and goods');
    expect(goods.Data.content.indexes['104'].body).toEqual({
      detailContent: 'https://item.taobao.com/item.htm?id=1',
      title: 'A shoe',
      price: 1990,
      imagePath: 'https://img.example/shoe.png',
      platformId: 'taobao',
    });
    expect(by.post_goods!.skipped).toEqual({
      'goods deleted in the source': 1,
      'goods card not valid here (detailContent)': 1,
    });
    const money = await detail('Red packet and reward');
    const carolPost = await idOf(sql`SELECT id FROM posts WHERE content = 'carol answers'`);
    expect(money.Data.content.indexes['106'].body).toMatchObject({
      status: 2,
      rule: 1,
      number: 2,
      price: '2.00',
      remainNumber: 1,
      remainMoney: '0.50',
    });
    expect(money.Data.content.indexes['107'].body).toMatchObject({
      status: 2,
      price: '5.00',
      remainMoney: '0.00',
      rewardedPosts: { [String(carolPost)]: '5.00' },
    });
    // Each share points at the ledger transaction of the wallet log that paid it.
    const shares = await rowsOf<Record<string, unknown>>(
      db,
      sql`SELECT 'grant' AS kind, g.amount_fen::int AS fen, u.username, x.idempotency_key AS key, g.post_id,
            p.order_sn AS sn
          FROM red_packet_grants g JOIN red_packets p ON p.id = g.red_packet_id
          JOIN users u ON u.id = g.user_id JOIN ledger_transactions x ON x.id = g.transaction_id
          UNION ALL
          SELECT 'payout', r.amount_fen::int, u.username, x.idempotency_key, r.post_id, w.order_sn
          FROM reward_payouts r JOIN thread_rewards w ON w.id = r.reward_id
          JOIN users u ON u.id = r.user_id JOIN ledger_transactions x ON x.id = r.transaction_id
          ORDER BY 1`,
    );
    expect(shares).toEqual([
      {
        kind: 'grant',
        fen: 150,
        username: 'carol',
        key: 'dzq:log:7',
        post_id: carolPost,
        sn: '2021060108000000000004',
      },
      {
        kind: 'payout',
        fen: 500,
        username: 'carol',
        key: 'dzq:log:10',
        post_id: carolPost,
        sn: '2021060108000000000004',
      },
    ]);
    expect(by.thread_red_packets!.listed).toEqual([
      expect.stringMatching(/^thread 3 .*red packet open at import, 50 fen not given out \(150 fen was\)/),
    ]);
    expect(by.thread_rewards!.listed).toEqual([]);
    const [answer] = await rowsOf<{ content: string; seq: number; username: string; created_at: string }>(
      db,
      sql`SELECT p.content, p.seq, u.username, p.created_at FROM posts p JOIN threads t ON t.id = p.thread_id
          JOIN users u ON u.id = p.user_id WHERE t.title = 'A question to bob' AND p.is_first = false`,
    );
    expect(answer).toMatchObject({ content: '<p>用导入命令 the importer</p>', seq: 1, username: 'bob' });
    expect(iso(answer!.created_at)).toBe('2021-06-02T09:00:00.000Z');
    expect(by.questions!.skipped).toEqual({
      'never answered: the question is its thread': 1,
      'paid answer: only its asker and onlookers could read it': 1,
    });
  });

  it("brings a merged order's parts over, each linked to its thread's red packet or bounty", async () => {
    const sn = '2021060108000000000004';
    const parts = await rowsOf<Record<string, unknown>>(
      db,
      sql`SELECT c.order_sn, c.type, c.amount_fen::int AS fen, (c.order_id = o.id) AS same_order,
            coalesce(p.thread_id, r.thread_id) = o.thread_id AS same_thread
          FROM order_children c JOIN orders o ON o.order_sn = c.order_sn
          LEFT JOIN red_packets p ON c.type = 9 AND p.id = c.block_id
          LEFT JOIN thread_rewards r ON c.type = 10 AND r.id = c.block_id
          ORDER BY c.type`,
    );
    expect(parts).toEqual([
      { order_sn: sn, type: 9, fen: 200, same_order: true, same_thread: true },
      { order_sn: sn, type: 10, fen: 500, same_order: true, same_thread: true },
    ]);
    const login = await call(t.app, 'POST', '/api/v3/users/username.login', {
      body: { username: 'alice', password: PASSWORD },
    });
    const token = login.Data.accessToken as string;
    const d = await call(t.app, 'GET', '/api/v3/order.detail', { token, query: { orderSn: sn } });
    expect(d.Code).toBe(0);
    expect(d.Data).toMatchObject({
      type: 11,
      status: 1,
      amountFen: 700,
      children: [
        { type: 9, amount: '2.00', amountFen: 200 },
        { type: 10, amount: '5.00', amountFen: 500 },
      ],
    });
  });

  it('brings withdrawals, invites, commission links, paid groups, reports and WeChat over as records', async () => {
    const cash = await rowsOf<Record<string, unknown>>(
      db,
      sql`SELECT u.username, c.apply_fen::int AS apply, c.fee_fen::int AS fee, c.actual_fen::int AS actual,
            c.status, c.receive_account AS account, c.trade_time FROM wallet_cash c JOIN users u ON u.id = c.user_id
          WHERE c.idempotency_key LIKE 'dzq:cash:%' ORDER BY c.cash_sn`,
    );
    expect(cash.map((c) => ({ ...c, trade_time: iso(c.trade_time) }))).toEqual([
      {
        username: 'alice',
        apply: 500,
        fee: 5,
        actual: 495,
        status: 1,
        account: 'alice@example.com',
        trade_time: null,
      },
      {
        username: 'bob',
        apply: 200,
        fee: 2,
        actual: 198,
        status: 5,
        account: '13800000002',
        trade_time: '2021-06-03T10:00:00.000Z',
      },
      { username: 'carol', apply: 100, fee: 0, actual: 100, status: 4, account: '', trade_time: null },
    ]);
    expect(by.user_wallet_cash!.skipped).toEqual({ 'member not imported': 1 });
    expect(by.user_wallet_cash!.notes).toEqual({ 'approved, not paid out: awaiting payout here': 1 });

    const links = await rowsOf<Record<string, unknown>>(
      db,
      sql`SELECT i.type, g.name AS group, u.username AS inviter, v.username AS invitee, i.status, i.expires_at
          FROM invites i JOIN users u ON u.id = i.user_id LEFT JOIN users v ON v.id = i.to_user_id
          LEFT JOIN groups g ON g.id = i.group_id ORDER BY i.type`,
    );
    expect(links.map((l) => ({ ...l, expires_at: iso(l.expires_at) }))).toEqual([
      {
        type: 1,
        group: null,
        inviter: 'alice',
        invitee: null,
        status: 1,
        expires_at: '9999-12-31T00:00:00.000Z',
      },
      {
        type: 2,
        group: 'VIP',
        inviter: 'oldadmin',
        invitee: 'bob',
        status: 2,
        expires_at: '2021-06-08T08:00:00.000Z',
      },
    ]);
    expect(by.invites!.skipped).toEqual({ 'code is not 32 letters and digits': 1 });
    const resolved = await call(t.app, 'GET', '/api/v3/invite.resolve', {
      query: { code: 'aliceOwn'.padEnd(32, '0') },
    });
    expect(resolved.Data).toMatchObject({ type: 1, valid: true });

    const login = await call(t.app, 'POST', '/api/v3/users/username.login', {
      body: { username: 'alice', password: PASSWORD },
    });
    const token = login.Data.accessToken as string;
    const invitees = await call(t.app, 'GET', '/api/v3/invite.users.list', { token });
    expect(invitees.Data.pageData).toEqual([expect.objectContaining({ nickname: expect.any(String) })]);
    const [terms] = await rowsOf<Record<string, unknown>>(
      db,
      sql`SELECT d.be_scale, d.is_commission, d.is_subordinate FROM user_distributions d
          JOIN users u ON u.id = d.user_id WHERE u.username = 'carol'`,
    );
    expect(terms).toEqual({ be_scale: 2, is_commission: true, is_subordinate: true });
    expect(by.user_distributions!.skipped).toEqual({ 'inviter not imported': 1 });

    const paid = await rowsOf<Record<string, unknown>>(
      db,
      sql`SELECT p.delete_type, p.expires_at, o.order_sn FROM group_paid_users p JOIN users u ON u.id = p.user_id
          JOIN orders o ON o.id = p.order_id WHERE u.username = 'bob' ORDER BY p.id`,
    );
    expect(paid.map((p) => ({ ...p, expires_at: iso(p.expires_at) }))).toEqual([
      { delete_type: null, expires_at: '2030-01-01T00:00:00.000Z', order_sn: '2021060108000000000003' },
      { delete_type: 3, expires_at: '2021-07-01T00:00:00.000Z', order_sn: '2021060108000000000003' },
    ]);
    const [vip] = await rowsOf<{ expires_at: string }>(
      db,
      sql`SELECT m.expires_at FROM group_user m JOIN users u ON u.id = m.user_id WHERE u.username = 'bob'`,
    );
    expect(iso(vip!.expires_at)).toBe('2030-01-01T00:00:00.000Z');

    const reported = await rowsOf<Record<string, unknown>>(
      db,
      sql`SELECT r.type, a.username AS reporter, coalesce(b.username, '') AS reported, r.status, r.reason,
            (r.post_id <> 0) AS has_post
          FROM reports r JOIN users a ON a.id = r.user_id LEFT JOIN users b ON b.id = r.reported_user_id
          ORDER BY r.type`,
    );
    expect(reported).toEqual([
      { type: 0, reporter: 'carol', reported: '', status: 0, reason: 'fake profile', has_post: false },
      { type: 1, reporter: 'bob', reported: 'alice', status: 0, reason: 'spam', has_post: false },
      { type: 2, reporter: 'alice', reported: 'carol', status: 1, reason: 'rude', has_post: true },
    ]);
    expect(by.reports!.skipped).toEqual({ 'thread not imported': 1 });

    const wechat = await rowsOf<Record<string, unknown>>(
      db,
      sql`SELECT u.username, w.mp_openid, w.unionid, w.nickname, w.avatar FROM wechat_users w
          JOIN users u ON u.id = w.user_id`,
    );
    expect(wechat).toEqual([
      {
        username: 'alice',
        mp_openid: 'o-alice-mp',
        unionid: 'u-alice',
        nickname: 'Alice WX',
        avatar: 'https://wx.example/a.png',
      },
    ]);
    expect(Object.keys(by.user_wechats!.skipped)).toEqual([
      'no official-account openid (mini-program or open platform only)',
    ]);

    // The ledger history carries the original's dates: alice's wallet page finds it on its day.
    const day = await call(t.app, 'GET', '/api/v3/wallet/log', {
      token,
      query: { startTime: '2021-06-01', endTime: '2021-06-01', perPage: '50', page: '1' },
    });
    expect(day.Data.totalCount).toBe(10); // 7 logs of alice: 10 entries on her two balances
    expect(new Set(day.Data.pageData.map((e: { createdAt: string }) => e.createdAt))).toEqual(
      new Set(['2021-06-01T08:00:00.000Z']),
    );
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
