import { Code, DZQ_MARKS, dzqClientCalls, type DzqClientCall, type DzqFixture } from '@forum/contracts';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rewriteOriginalClientUrl } from './original-clients.js';
import {
  adminUser,
  call,
  createThread,
  registerUser,
  startTestApp,
  type TestApp,
} from '../../test/harness.js';

/**
 * The original Discuz! Q web client's calls (`@forum/contracts` dzqClientCalls) replayed against the real
 * server the way the client sends them: `dzqSid`/`dzqPf` marks, bracketed filters, GETs with a JSON `{}` body.
 */
let t: TestApp;
let fixtures: Record<DzqFixture, string>;
let memberToken: string;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
  const author = await registerUser(t.app);
  const member = await registerUser(t.app);
  memberToken = member.token;
  const threadId = await createThread(t.app, author.token, `compat ${author.username}`);
  const reply = await call(t.app, 'POST', '/api/v3/posts.create', {
    token: member.token,
    body: { id: threadId, content: 'a reply the comment list shows' },
  });
  expect(reply.Code).toBe(0);
  const dialog = await call(t.app, 'POST', '/api/v3/dialog.create', {
    token: author.token,
    body: { recipientUserId: member.userId, messageText: 'hello' },
  });
  expect(dialog.Code).toBe(0);
  // Follows both ways, so `/my`'s follow and fan lists have an item to read.
  for (const [from, to] of [
    [member, author],
    [author, member],
  ] as const) {
    const f = await call(t.app, 'POST', '/api/v3/follow.create', {
      token: from.token,
      body: { toUserId: to.userId },
    });
    expect(f.Code).toBe(0);
  }
  fixtures = {
    threadId: String(threadId),
    authorId: String(author.userId),
    userId: String(member.userId),
    dialogId: String(dialog.Data.dialogId),
    username: member.username,
    password: member.password,
  };
});
afterAll(async () => t?.close());

/** Replaces `{name}` placeholders with the fixtures. */
function fill<T>(v: T): T {
  return JSON.parse(
    JSON.stringify(v).replace(/\{(\w+)\}/g, (_, k: string) => fixtures[k as DzqFixture] ?? `{${k}}`),
  ) as T;
}

/** Sends a call the way the original client does. */
async function send(c: DzqClientCall, token?: string, marks: Record<string, string> = DZQ_MARKS) {
  const query = new URLSearchParams({ ...fill(c.query ?? {}), ...marks }).toString();
  const res = await t.app.inject({
    method: c.method,
    url: `${fill(c.path)}?${query}`,
    payload: JSON.stringify(fill(c.body ?? {})),
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  return { status: res.statusCode, ...(res.json() as { Code: number; Message: string; Data: unknown }) };
}

/** The client turns an empty object or array into null: only a list the client copes with may be empty. */
function isEmpty(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (Array.isArray(v)) return v.length === 0;
  return typeof v === 'object' && Object.keys(v).length === 0;
}
/** Lists whose items are checked too: the fixtures give each at least one. */
const filled = ['posts.list', 'follow.list (follows)', 'follow.list (fans)', 'dialog'];
const mayBeEmpty = new Set([
  'plugin/list',
  'thread.stick',
  'thread.stick (category)',
  'thread.recommends',
  'thread.recommends (thread page)',
  'upgrade.group',
]);

function expectServed(c: DzqClientCall, r: Awaited<ReturnType<typeof send>>) {
  expect(r.status, `${c.name}: ${r.Code} ${r.Message}`).toBe(200);
  expect(r.Code, `${c.name}: ${r.Message}`).toBe(0);
  if (!mayBeEmpty.has(c.name)) expect(isEmpty(r.Data), `${c.name}: empty Data`).toBe(false);
  if (filled.includes(c.name)) {
    expect((r.Data as { pageData: unknown[] }).pageData.length, `${c.name}: no items`).toBeGreaterThan(0);
  }
  const parsed = c.reads.safeParse(r.Data);
  expect(
    parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    c.name,
  ).toEqual([]);
}

describe('public profiles (the original checks no permission on user and users.list)', () => {
  const PRIVATE = [
    'mobile',
    'hasPassword',
    'isBindWechat',
    'loginAt',
    'expiredAt',
    'status',
    'walletBalance',
  ];
  it('a guest, with or without the marks, reads public fields only, on both calls', async () => {
    for (const marks of [DZQ_MARKS, {}]) {
      const one = await send(
        { ...dzqClientCalls.find((c) => c.name === 'user (author)')!, query: { userId: '{authorId}' } },
        undefined,
        marks,
      );
      expect(one.Code).toBe(0);
      const fields = Object.keys(one.Data as object);
      expect(fields).toContain('nickname');
      expect(fields.filter((f) => PRIVATE.includes(f))).toEqual([]);
      const list = await send(
        dzqClientCalls.find((c) => c.name === 'users.list (search)')!,
        undefined,
        marks,
      );
      expect(list.Code).toBe(0);
      const items = (list.Data as { pageData: Record<string, unknown>[] }).pageData;
      expect(items.length).toBeGreaterThan(0);
      for (const u of items) expect(Object.keys(u).filter((f) => PRIVATE.includes(f))).toEqual([]);
    }
  });
  it('a site that keeps profiles private answers guests -4002 (members keep user.view)', async () => {
    await t.app.forum.settings.set([{ key: 'user_profile_public', tag: 'default', value: '0' }]);
    try {
      const c = dzqClientCalls.find((x) => x.name === 'user (author)')!;
      expect((await send(c)).Code).toBe(Code.UNAUTHORIZED);
      const list = dzqClientCalls.find((x) => x.name === 'users.list (search)')!;
      expect((await send(list)).Code).toBe(Code.UNAUTHORIZED);
      expect((await send(c, memberToken)).Code).toBe(0);
    } finally {
      await t.app.forum.settings.set([{ key: 'user_profile_public', tag: 'default', value: '1' }]);
    }
  });
});

describe('the original Discuz! Q client as a guest', () => {
  for (const c of dzqClientCalls.filter((x) => !x.member)) {
    it(`${c.page}: ${c.name}`, async () => {
      const r = await send(c);
      if (c.guestCode === undefined) return expectServed(c, r);
      expect(r).toMatchObject({ status: 200, Code: c.guestCode });
    });
  }
  it('member-only calls answer their code with HTTP 200, never -4004', async () => {
    const guestPaths = new Set(dzqClientCalls.filter((x) => !x.member).map((x) => x.path));
    for (const c of dzqClientCalls.filter((x) => x.member && !guestPaths.has(x.path))) {
      const r = await send(c);
      expect(r.status, c.name).toBe(200);
      expect(r.Code, c.name).not.toBe(Code.RESOURCE_NOT_FOUND);
    }
  });
});

describe('the original Discuz! Q client as a member', () => {
  for (const c of dzqClientCalls.filter((x) => x.name !== 'users/username.login')) {
    it(`${c.page}: ${c.name}`, async () => expectServed(c, await send(c, memberToken)));
  }
});

describe('wire rules', () => {
  it('the list covers every page of reference §2', () => {
    const pages = new Set(dzqClientCalls.map((c) => c.page));
    expect([...pages].sort()).toEqual(
      ['home', 'login', 'messages', 'my', 'notifications', 'search', 'thread'].sort(),
    );
  });
  it('the marks leave the URL before routing, and /apiv3 is /api/v3', () => {
    const rewrite = (url: string) => rewriteOriginalClientUrl({ url } as IncomingMessage);
    expect(rewrite('/apiv3/forum?dzqSid=a1&filter%5Bsort%5D=1&dzqPf=pc')).toBe(
      '/api/v3/forum?filter%5Bsort%5D=1',
    );
    expect(rewrite('/api/v3/emoji?dzqPf=h5')).toBe('/api/v3/emoji');
    expect(rewrite('/api/v3/emoji?page=1')).toBe('/api/v3/emoji?page=1');
  });

  const login = dzqClientCalls.find((c) => c.name === 'users/username.login')!;
  const wrong = { ...login, body: { ...login.body, password: 'not-the-password' } };

  it('a wrong password from the original client: HTTP 200, -7062 and our message', async () => {
    const r = await send(wrong);
    expect(r.status).toBe(200);
    expect(r.Code).toBe(Code.WRONG_CREDENTIALS);
    expect(r.Message).not.toBe('');
  });
  it('the same call from our clients (no marks) keeps HTTP 400', async () => {
    const r = await send(wrong, undefined, {});
    expect(r.status).toBe(400);
    expect(r.Code).toBe(Code.WRONG_CREDENTIALS);
  });
  it('an unknown route is still -4004, with HTTP 200 for a marked request only', async () => {
    const missing = { ...login, method: 'GET' as const, path: '/api/v3/no.such.call', body: undefined };
    expect(await send(missing)).toMatchObject({ status: 200, Code: Code.RESOURCE_NOT_FOUND });
    expect(await send(missing, undefined, {})).toMatchObject({ status: 404, Code: Code.RESOURCE_NOT_FOUND });
  });
  it('a banned member gets -4009 with the reason and HTTP 200 (the client shows its status page)', async () => {
    const admin = await adminUser(t.app);
    const banned = await registerUser(t.app);
    const ban = await call(t.app, 'POST', '/api/backAdmin/users/update.user', {
      token: admin.token,
      body: { userId: banned.userId, status: 1, reason: 'spam' },
    });
    expect(ban.Code).toBe(0);
    const unread = dzqClientCalls.find((c) => c.name === 'unreadnotification')!;
    expect(await send(unread, banned.token)).toMatchObject({ status: 200, Code: Code.USER_BAN });
    expect(await send(unread, banned.token, {})).toMatchObject({ status: 403, Code: Code.USER_BAN });
  });
  it('forum counts the members and threads the side bar shows', async () => {
    const forum = dzqClientCalls.find((c) => c.name === 'forum (guest)')!;
    const r = (await send(forum)) as { Data: { other: { countUsers: number; countThreads: number } } };
    expect(r.Data.other.countUsers).toBeGreaterThanOrEqual(2);
    expect(r.Data.other.countThreads).toBeGreaterThanOrEqual(1);
  });
  it('the access_token cookie authenticates a GET', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v3/forum?dzqSid=x&dzqPf=h5`,
      cookies: { access_token: memberToken },
    });
    expect((res.json() as { Data: { user: { userId: number } } }).Data.user.userId).toBe(
      Number(fixtures.userId),
    );
  });
  it('upgrade.group lists the paid groups by level with the button for the viewer', async () => {
    const admin = await adminUser(t.app);
    // Group purchase on (`site_pay_group_close` = 1, the original's naming); while off every button is 0.
    await t.app.forum.settings.set([{ key: 'site_pay_group_close', tag: 'default', value: '1' }]);
    for (const [name, level, fee] of [
      ['金卡', 2, 19.9],
      ['银卡', 1, 9.9],
    ] as const) {
      const r = await call(t.app, 'POST', '/api/groups.create.v2', {
        token: admin.token,
        body: { name, isPaid: true, fee, days: 30, level },
      });
      expect(r.Code).toBe(0);
    }
    const upgrade = dzqClientCalls.find((c) => c.name === 'upgrade.group')!;
    const r = await send(upgrade, memberToken);
    expect(r.Code).toBe(0);
    expect(r.Data).toEqual([
      expect.objectContaining({ name: '银卡', fee: '9.90', days: 30, level: 1, isPaid: true, button: 2 }),
      expect.objectContaining({ name: '金卡', fee: '19.90', level: 2, button: 2 }),
    ]);
  });
});
