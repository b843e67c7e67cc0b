import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, uniqueName, type TestApp } from '../../test/harness.js';
import { FakeWechat, type FakeWechatUser } from './fake-wechat.js';

let t: TestApp;
const fake = new FakeWechat('wxtestapp', 'wx-test-secret');
let seq = 0;
const wxUser = (): FakeWechatUser => ({ openid: `o-${process.pid}-${++seq}`, nickname: `Wx${seq}` });

async function setSettings(rows: Array<[string, string]>) {
  await t.app.forum.settings.set(rows.map(([key, value]) => ({ key, tag: 'wx_offiaccount', value })));
}

beforeAll(async () => {
  t = await startTestApp({ smsProvider: 'console' });
  const origin = await fake.start();
  await setSettings([
    ['offiaccount_close', '1'],
    ['offiaccount_app_id', fake.appId],
    ['offiaccount_app_secret', fake.appSecret],
    ['wechat_oauth_authorize_url', `${origin}/connect/oauth2/authorize`],
    ['wechat_api_origin', origin],
  ]);
  await t.app.forum.settings.set([{ key: 'qcloud_sms', tag: 'qcloud', value: '1' }]);
});
afterAll(async () => {
  await fake.close();
  await t?.close();
});

const get = (path: string, query: Record<string, string>, token?: string) =>
  call(t.app, 'GET', `/api/v3/users/${path}`, { query, ...(token ? { token } : {}) });
const post = (path: string, body: object, token?: string) =>
  call(t.app, 'POST', `/api/v3/users/${path}`, { body, ...(token ? { token } : {}) });
const rows = async (q: string, params: unknown[] = []) => (await t.app.forum.database.exec(q, params)).rows;

/** The state of a fresh authorization URL (as the wx-auth page gets it). */
async function stateFor(action: string, token?: string, sessionToken?: string): Promise<string> {
  const r = await get(
    'mobilebrowser/wechat/h5.oauth',
    { action, ...(sessionToken ? { sessionToken } : {}) },
    token,
  );
  expect(r.Code, r.Message).toBe(0);
  const u = new URL(r.Data.location.replace(/#wechat_redirect$/, ''));
  expect(u.searchParams.get('appid')).toBe(fake.appId);
  expect(u.searchParams.get('redirect_uri')).toMatch(
    new RegExp(`/user/wx-authorization\\?action=${action}$`),
  );
  return u.searchParams.get('state')!;
}

async function wxLogin(user: FakeWechatUser) {
  return post('wechat/h5.login', { code: fake.grant(user), state: await stateFor('login') });
}

describe('WeChat H5 login', () => {
  it('is refused with -7087 while switched off', async () => {
    await setSettings([['offiaccount_close', '0']]);
    expect((await get('mobilebrowser/wechat/h5.oauth', { action: 'login' })).Code).toBe(-7087);
    await setSettings([['offiaccount_close', '1']]);
  });

  it('a new WeChat in username mode gets -7016 with a pending binding, then creates its account', async () => {
    const u = wxUser();
    const first = await wxLogin(u);
    expect(first.Code).toBe(-7016);
    expect(first.Data).toMatchObject({ nickname: u.nickname, registerType: 0 });
    const created = await post('wechat/h5.register', { sessionToken: first.Data.sessionToken });
    expect(created.Code, created.Message).toBe(0);
    expect(created.Data.user).toMatchObject({ nickname: u.nickname, isBindWechat: true, hasPassword: false });
    // The pending binding is spent; the same WeChat now logs the same account in.
    expect((await post('wechat/h5.register', { sessionToken: first.Data.sessionToken })).Code).toBe(-7004);
    const again = await wxLogin(u);
    expect(again.Code, again.Message).toBe(0);
    expect(again.Data.userId).toBe(created.Data.userId);
    expect(String(again.headers['set-cookie'])).toContain('access_token');
  });

  it('WeChat registration mode (2) creates the account at once; closed registration refuses it', async () => {
    await t.app.forum.settings.set([{ key: 'register_type', tag: 'default', value: '2' }]);
    const r = await wxLogin(wxUser());
    expect(r.Code, r.Message).toBe(0);
    expect(r.Data.user.isBindWechat).toBe(true);
    await t.app.forum.settings.set([{ key: 'register_close', tag: 'default', value: '0' }]);
    const u = wxUser();
    expect((await wxLogin(u)).Code).toBe(-7032);
    expect(await rows('SELECT user_id FROM wechat_users WHERE mp_openid = $1', [u.openid])).toEqual([
      { user_id: null },
    ]);
    await t.app.forum.settings.set([
      { key: 'register_close', tag: 'default', value: '1' },
      { key: 'register_type', tag: 'default', value: '0' },
    ]);
  });

  it('binds a pending WeChat to an existing account by username and password (wrong password counted)', async () => {
    const acct = await registerUser(t.app);
    const pending = await wxLogin(wxUser());
    const sessionToken = pending.Data.sessionToken;
    const wrong = await post('wechat/username.bind', {
      sessionToken,
      username: acct.username,
      password: 'nope12345',
    });
    expect(wrong.Code).toBe(-7062);
    const ok = await post('wechat/username.bind', {
      sessionToken,
      username: acct.username,
      password: acct.password,
    });
    expect(ok.Code, ok.Message).toBe(0);
    expect(ok.Data.userId).toBe(acct.userId);
    expect(ok.Data.user.isBindWechat).toBe(true);
  });

  it('binds a pending WeChat to a phone account with a text message code', async () => {
    const mobile = `137${String(process.pid % 10_000).padStart(4, '0')}0001`;
    const pending = await wxLogin(wxUser());
    expect((await post('sms.send', { mobile, type: 'login' })).Code).toBe(0);
    const code = t.app.forum.smsOutbox!.lastCode(mobile)!;
    const r = await post('wechat/sms.bind', { sessionToken: pending.Data.sessionToken, mobile, code });
    expect(r.Code, r.Message).toBe(0);
    expect(r.Data.user).toMatchObject({ mobile, isBindWechat: true });
  });

  it('refuses a forged, reused or wrong-purpose state and a bad or reused code, changing nothing', async () => {
    const u = wxUser();
    const state = await stateFor('login');
    const forged = state.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await post('wechat/h5.login', { code: fake.grant(u), state: forged })).Code).toBe(-7004);
    expect((await post('wechat/h5.login', { code: fake.grant(u), state: 'abc.def' })).Code).toBe(-7004);
    expect((await post('wechat/h5.login', { code: 'not-a-code', state })).Code).toBe(-7045);
    // The state was spent by that try: it does not work a second time.
    expect((await post('wechat/h5.login', { code: fake.grant(u), state })).Code).toBe(-7004);
    const code = fake.grant(u);
    expect((await post('wechat/h5.login', { code, state: await stateFor('login') })).Code).toBe(-7016);
    expect((await post('wechat/h5.login', { code, state: await stateFor('login') })).Code).toBe(-7045);
    // A bind state does not serve a login.
    const me = await registerUser(t.app);
    const bindState = await stateFor('bind', me.token);
    expect((await post('wechat/h5.login', { code: fake.grant(u), state: bindState })).Code).toBe(-7004);
    expect(await rows('SELECT id FROM users WHERE bind_type & 1 = 1 AND id = $1', [me.userId])).toHaveLength(
      0,
    );
  });

  it('answers -5004 when the app secret is wrong (the fake checks it like WeChat)', async () => {
    await setSettings([['offiaccount_app_secret', 'wrong']]);
    expect((await wxLogin(wxUser())).Code).toBe(-5004);
    await setSettings([['offiaccount_app_secret', fake.appSecret]]);
  });
});

describe('binding and rebinding from my account', () => {
  it('binds, refuses a second bind, rebinds to another WeChat, and refuses one bound elsewhere', async () => {
    const me = await registerUser(t.app);
    expect((await get('mobilebrowser/wechat/h5.oauth', { action: 'bind' })).Code).toBe(-3001);
    const a = wxUser();
    const bound = await post(
      'wechat/h5.bind',
      { code: fake.grant(a), state: await stateFor('bind', me.token) },
      me.token,
    );
    expect(bound.Code, bound.Message).toBe(0);
    expect(bound.Data.isBindWechat).toBe(true);
    const twice = await post(
      'wechat/h5.bind',
      { code: fake.grant(wxUser()), state: await stateFor('bind', me.token) },
      me.token,
    );
    expect(twice.Code).toBe(-4003);
    // Another member's bind state is not mine.
    const other = await registerUser(t.app);
    const theirs = await stateFor('bind', other.token);
    expect((await post('wechat/h5.bind', { code: fake.grant(wxUser()), state: theirs }, me.token)).Code).toBe(
      -7004,
    );
    const b = wxUser();
    const re = await post(
      'wechat/h5.rebind',
      { code: fake.grant(b), state: await stateFor('rebind', me.token) },
      me.token,
    );
    expect(re.Code, re.Message).toBe(0);
    expect(await rows('SELECT mp_openid FROM wechat_users WHERE user_id = $1', [me.userId])).toEqual([
      { mp_openid: b.openid },
    ]);
    // The released WeChat logs nobody in now; a WeChat bound to me cannot be taken by the other member.
    expect((await wxLogin(a)).Code).toBe(-7016);
    const steal = await post(
      'wechat/h5.rebind',
      { code: fake.grant(b), state: await stateFor('rebind', other.token) },
      other.token,
    );
    expect(steal.Code).toBe(-4003);
  });
});

describe('the -8000 gate', () => {
  it('groups with publishNeedBindWechat get -8000 on threads and replies until WeChat is bound; admins never', async () => {
    const sql = (q: string) => t.app.forum.database.exec(q, []);
    await sql("INSERT INTO group_permissions (group_id, permission) VALUES (10, 'publishNeedBindWechat')");
    await t.app.forum.groups.changed();
    const m = await registerUser(t.app);
    const admin = await adminUser(t.app);
    const thread = { categoryId: 1, title: '绑定微信', content: { text: '<p>正文</p>' } };
    const create = (token: string) => call(t.app, 'POST', '/api/v3/thread.create', { token, body: thread });
    expect((await create(m.token)).Code).toBe(-8000);
    const own = await create(admin.token);
    expect(own.Code).toBe(0);
    const reply = (token: string) =>
      call(t.app, 'POST', '/api/v3/posts.create', {
        token,
        body: { id: own.Data.threadId, content: '回复' },
      });
    expect((await reply(m.token)).Code).toBe(-8000);
    await post(
      'wechat/h5.bind',
      { code: fake.grant(wxUser()), state: await stateFor('bind', m.token) },
      m.token,
    );
    expect((await create(m.token)).Code).toBe(0);
    expect((await reply(m.token)).Code).toBe(0);
    await sql("DELETE FROM group_permissions WHERE group_id = 10 AND permission = 'publishNeedBindWechat'");
    await t.app.forum.groups.changed();
  });
});

describe('pc QR login and binding', () => {
  it('waits (-7002), logs in the scanning WeChat once, and expires (-7001)', async () => {
    const u = wxUser();
    await post('wechat/h5.register', { sessionToken: (await wxLogin(u)).Data.sessionToken });
    const qr = await get('pc/wechat/h5.genqrcode', { type: 'login' });
    expect(qr.Code, qr.Message).toBe(0);
    expect(qr.Data.url).toContain('/user/wx-auth?action=qrcode&sessionToken=');
    const sessionToken = qr.Data.sessionToken;
    expect((await get('pc/wechat/h5.login', { sessionToken })).Code).toBe(-7002);
    const state = await stateFor('qrcode', undefined, sessionToken);
    const phone = await post('wechat/h5.qrcode', { code: fake.grant(u), state });
    expect(phone.Code, phone.Message).toBe(0);
    const pc = await get('pc/wechat/h5.login', { sessionToken });
    expect(pc.Code, pc.Message).toBe(0);
    expect(pc.Data.user.isBindWechat).toBe(true);
    expect((await get('pc/wechat/h5.login', { sessionToken })).Code).toBe(-7004);
    const late = (await get('pc/wechat/h5.genqrcode', { type: 'login' })).Data.sessionToken;
    await t.app.forum.database.exec(
      `UPDATE oauth_sessions SET expires_at = now() - interval '1 second' WHERE kind = 'qrcode' AND used_at IS NULL`,
    );
    expect((await get('pc/wechat/h5.login', { sessionToken: late })).Code).toBe(-7001);
    expect((await get('pc/wechat/h5.login', { sessionToken: 'forged.token' })).Code).toBe(-7004);
  });

  it('a new WeChat scanning a login QR chooses on the computer: the pc poll gets -7016 with the binding', async () => {
    const u = wxUser();
    const sessionToken = (await get('pc/wechat/h5.genqrcode', { type: 'login' })).Data.sessionToken;
    const state = await stateFor('qrcode', undefined, sessionToken);
    // The phone is told it is done (its page says to go back to the computer), not sent to a choice of its own.
    const phone = await post('wechat/h5.qrcode', { code: fake.grant(u), state });
    expect(phone.Code, phone.Message).toBe(0);
    expect(phone.Data).toEqual({ done: true, type: 'login' });
    const pc = await get('pc/wechat/h5.login', { sessionToken });
    expect(pc.Code).toBe(-7016);
    expect(pc.Data).toMatchObject({ nickname: u.nickname, registerType: 0 });
    // The QR is spent: a second poll cannot take another binding.
    expect((await get('pc/wechat/h5.login', { sessionToken })).Code).toBe(-7004);
    const created = await post('wechat/h5.register', { sessionToken: pc.Data.sessionToken });
    expect(created.Code, created.Message).toBe(0);
    // The same WeChat scanning again now logs its account in on the computer.
    const again = (await get('pc/wechat/h5.genqrcode', { type: 'login' })).Data.sessionToken;
    const second = await stateFor('qrcode', undefined, again);
    expect((await post('wechat/h5.qrcode', { code: fake.grant(u), state: second })).Code).toBe(0);
    const in2 = await get('pc/wechat/h5.login', { sessionToken: again });
    expect(in2.Code, in2.Message).toBe(0);
    expect(in2.Data.userId).toBe(created.Data.userId);
  });

  it('in WeChat registration mode a new WeChat scanning a login QR gets its account on the computer', async () => {
    await t.app.forum.settings.set([{ key: 'register_type', tag: 'default', value: '2' }]);
    try {
      const u = wxUser();
      const sessionToken = (await get('pc/wechat/h5.genqrcode', { type: 'login' })).Data.sessionToken;
      const state = await stateFor('qrcode', undefined, sessionToken);
      expect((await post('wechat/h5.qrcode', { code: fake.grant(u), state })).Code).toBe(0);
      const pc = await get('pc/wechat/h5.login', { sessionToken });
      expect(pc.Code, pc.Message).toBe(0);
      expect(pc.Data.user.isBindWechat).toBe(true);
    } finally {
      await t.app.forum.settings.set([{ key: 'register_type', tag: 'default', value: '0' }]);
    }
  });

  it('binds my account from a scanned QR (a guest cannot start one)', async () => {
    const me = await registerUser(t.app, uniqueName('qb'));
    expect((await get('pc/wechat/h5.genqrcode', { type: 'bind' })).Code).toBe(-3001);
    const qr = await get('pc/wechat/h5.genqrcode', { type: 'bind' }, me.token);
    const sessionToken = qr.Data.sessionToken;
    expect((await get('pc/wechat/bind.poll', { sessionToken }, me.token)).Code).toBe(-7002);
    const state = await stateFor('qrcode', undefined, sessionToken);
    expect((await post('wechat/h5.qrcode', { code: fake.grant(wxUser()), state })).Data).toEqual({
      done: true,
      type: 'bind',
    });
    const other = await registerUser(t.app);
    expect((await get('pc/wechat/bind.poll', { sessionToken }, other.token)).Code).toBe(-7004);
    const done = await get('pc/wechat/bind.poll', { sessionToken }, me.token);
    expect(done.Code, done.Message).toBe(0);
    expect(done.Data.isBindWechat).toBe(true);
  });
});
