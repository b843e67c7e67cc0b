import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';
import { FakeOidc } from './fake-oidc.js';

let t: TestApp;
const fake = new FakeOidc('forum-client', 'forum-client-secret');
let seq = 0;

beforeAll(async () => {
  t = await startTestApp();
  const issuer = await fake.start();
  await t.app.forum.settings.set(
    [
      ['oidc_enabled', '1'],
      ['oidc_issuer', issuer],
      ['oidc_client_id', fake.clientId],
      ['oidc_client_secret', fake.clientSecret],
    ].map(([key, value]) => ({ key: key!, tag: 'oidc', value: value! })),
  );
});
afterAll(async () => {
  await fake.close();
  await t?.close();
});

/**
 * Walks the browser's part: the authorize URL, the fake's consent page (its checks), the redirect back; answers
 * the code and state the callback page would post.
 */
async function authorize(action: 'login' | 'bind', sub: string, token?: string) {
  const r = await call(t.app, 'GET', '/api/v3/users/oidc/authorize', {
    query: { action },
    ...(token ? { token } : {}),
  });
  expect(r.Code, r.Message).toBe(0);
  const consent = new URL(r.Data.location);
  expect(consent.searchParams.get('code_challenge_method')).toBe('S256');
  expect((await fetch(consent)).status).toBe(200);
  const allow = new URL('/allow', consent);
  for (const k of ['redirect_uri', 'state', 'nonce', 'code_challenge'])
    allow.searchParams.set(k, consent.searchParams.get(k)!);
  allow.searchParams.set('sub', sub);
  allow.searchParams.set('name', `Oidc ${sub}`);
  const back = new URL((await fetch(allow, { redirect: 'manual' })).headers.get('location')!);
  expect(back.pathname).toBe('/user/oidc-callback');
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}
const callback = (body: { code: string; state: string }, token?: string) =>
  call(t.app, 'POST', '/api/v3/users/oidc/callback', { body, ...(token ? { token } : {}) });
const sub = () => `sub-${process.pid}-${++seq}`;

describe('OpenID Connect login', () => {
  it('creates an account for a new identity and logs the same one in later', async () => {
    const s = sub();
    const first = await callback(await authorize('login', s));
    expect(first.Code, first.Message).toBe(0);
    expect(first.Data.action).toBe('login');
    expect(first.Data.login.user.nickname).toBe(`Oidc${s}`.slice(0, 15));
    const again = await callback(await authorize('login', s));
    expect(again.Data.login.userId).toBe(first.Data.login.userId);
  });

  it('refuses a forged or reused state and a reused code', async () => {
    const a = await authorize('login', sub());
    expect((await callback({ code: a.code, state: `${a.state}x` })).Code).toBe(-7004);
    expect((await callback(a)).Code).toBe(0);
    expect((await callback(a)).Code).toBe(-7004);
    const b = await authorize('login', sub());
    const c = await authorize('login', sub());
    expect((await callback(b)).Code).toBe(0);
    // b's code again with c's fresh state: the provider refuses a spent code.
    expect((await callback({ code: b.code, state: c.state })).Code).toBe(-7045);
  });

  it.each(['signature', 'audience', 'expired', 'issuer', 'nonce', 'alg-none'] as const)(
    'refuses an ID token with a bad %s and creates nothing',
    async (tamper) => {
      const s = sub();
      fake.tamper = tamper;
      try {
        const r = await callback(await authorize('login', s));
        expect(r.Code).toBe(-7040);
      } finally {
        fake.tamper = null;
      }
      const rows = await t.app.forum.database.exec('SELECT id FROM oidc_identities WHERE subject = $1', [s]);
      expect(rows.rows).toHaveLength(0);
    },
  );

  it('binds an identity to my account; another member cannot use my bind state', async () => {
    const me = await registerUser(t.app);
    const other = await registerUser(t.app);
    expect(
      (await call(t.app, 'GET', '/api/v3/users/oidc/authorize', { query: { action: 'bind' } })).Code,
    ).toBe(-3001);
    const s = sub();
    const mine = await authorize('bind', s, me.token);
    expect((await callback(mine, other.token)).Code).toBe(-7004);
    const again = await authorize('bind', s, me.token);
    const r = await callback(again, me.token);
    expect(r.Code, r.Message).toBe(0);
    expect(r.Data).toEqual({ action: 'bind', login: null });
    const login = await callback(await authorize('login', s));
    expect(login.Data.login.userId).toBe(me.userId);
  });

  it('is refused (-4002) while switched off', async () => {
    await t.app.forum.settings.set([{ key: 'oidc_enabled', tag: 'oidc', value: '0' }]);
    expect(
      (await call(t.app, 'GET', '/api/v3/users/oidc/authorize', { query: { action: 'login' } })).Code,
    ).toBe(-4002);
    await t.app.forum.settings.set([{ key: 'oidc_enabled', tag: 'oidc', value: '1' }]);
  });
});

describe('login method settings', () => {
  it('WeChat and OIDC secrets read back masked for the admin; guests and members are refused; the forum tells which are on', async () => {
    const admin = await adminUser(t.app);
    const member = await registerUser(t.app);
    const read = async (tag: string, token: string) =>
      call(t.app, 'GET', '/api/backAdmin/settings', { token, query: { tag } });
    await t.app.forum.settings.set([
      { key: 'offiaccount_app_secret', tag: 'wx_offiaccount', value: 'wx-secret' },
    ]);
    const wx = (await read('wx_offiaccount', admin.token)).Data as Array<{ key: string; value: string }>;
    expect(wx.find((r) => r.key === 'offiaccount_app_secret')?.value).toBe('******');
    const oidc = (await read('oidc', admin.token)).Data as Array<{ key: string; value: string }>;
    expect(oidc.find((r) => r.key === 'oidc_client_secret')?.value).toBe('******');
    expect((await read('oidc', member.token)).Code).toBe(-4002);
    expect((await call(t.app, 'GET', '/api/backAdmin/settings', { query: { tag: 'oidc' } })).Code).not.toBe(
      0,
    );
    const bad = await call(t.app, 'POST', '/api/backAdmin/settings.create', {
      token: admin.token,
      body: { data: [{ key: 'oidc_scopes', value: 'profile', tag: 'oidc' }] },
    });
    expect(bad.Code).toBe(-4001);
    const forum = await call(t.app, 'GET', '/api/v3/forum');
    expect(forum.Data.passport).toMatchObject({ oidcOpen: true, oidcName: 'OpenID', offiaccountOpen: false });
    expect(JSON.stringify(forum.Data)).not.toContain('forum-client-secret');
  });
});
