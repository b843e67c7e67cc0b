import { Code } from '@forum/contracts';
import { DZQ_MARKS, dzqClientCalls, type DzqClientCall } from '@forum/contracts/compat';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rewriteOriginalClientUrl } from './original-clients.js';
import { seedDzqWorld, sendDzq, type DzqFixtures, type DzqReply } from '../../test/dzq-client.js';
import { adminUser, call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';

/**
 * The original Discuz! Q web client's calls (`@forum/contracts/compat` dzqClientCalls) replayed against the
 * real server the way the client sends them (test/dzq-client.ts), with something in every list it shows, so
 * each field it reads is checked for presence and type.
 */
let t: TestApp;
let fixtures: DzqFixtures;
let memberToken: string;

beforeAll(async () => {
  t = await startTestApp();
  const world = await seedDzqWorld(t.app);
  fixtures = world.fixtures;
  memberToken = world.member.token;
}, 90_000);
afterAll(async () => t?.close());

const send = (c: DzqClientCall, token?: string, marks: Record<string, string> = DZQ_MARKS) =>
  sendDzq(t.app, c, fixtures, token, marks);

/** The client turns an empty object or array into null: only a list the client copes with may be empty. */
function isEmpty(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (Array.isArray(v)) return v.length === 0;
  return typeof v === 'object' && Object.keys(v).length === 0;
}
/** Lists that may be empty on this site (no plugins; no paid groups until a test below makes them). */
const mayBeEmpty = new Set(['plugin/list', 'upgrade.group']);

function expectServed(c: DzqClientCall, r: DzqReply) {
  expect(r.status, `${c.name}: ${r.Code} ${r.Message}`).toBe(200);
  expect(r.Code, `${c.name}: ${r.Message}`).toBe(0);
  if (!mayBeEmpty.has(c.name)) expect(isEmpty(r.Data), `${c.name}: empty Data`).toBe(false);
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
      ['editor', 'home', 'login', 'messages', 'my', 'notifications', 'search', 'thread'].sort(),
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
