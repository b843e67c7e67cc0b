import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';
import { PER_IP_HOUR, PER_MOBILE_HOUR } from './sms.service.js';

let t: TestApp;
let phoneSeq = 0;
/** A fresh phone number per test. */
const phone = () =>
  `139${String(process.pid % 10_000).padStart(4, '0')}${String(++phoneSeq).padStart(4, '0')}`;

beforeAll(async () => {
  t = await startTestApp({ smsProvider: 'console' });
  await t.app.forum.settings.set([
    { key: 'qcloud_sms', tag: 'qcloud', value: '1' },
    { key: 'thread_post_interval', tag: 'default', value: '0' },
  ]);
});
afterAll(async () => t?.close());

const post = (path: string, body: object, token?: string) =>
  call(t.app, 'POST', `/api/v3/users/${path}`, { body, ...(token ? { token } : {}) });
const lastCode = (mobile: string) => t.app.forum.smsOutbox!.lastCode(mobile)!;
const sql = (q: string, params: unknown[] = []) => t.app.forum.database.exec(q, params);
async function rows(q: string, params: unknown[] = []) {
  return (await t.app.forum.database.exec(q, params)).rows;
}
/** Lets the next send through the 60-second interval (moves the phone's codes back in time). */
const age = (mobile: string, seconds: number) =>
  sql(`UPDATE mobile_codes SET created_at = created_at - make_interval(secs => $2) WHERE mobile = $1`, [
    mobile,
    seconds,
  ]);
async function sendCode(mobile: string, type: string, token?: string) {
  const r = await post('sms.send', { mobile, type }, token);
  expect(r.Code, r.Message).toBe(0);
  return lastCode(mobile);
}

describe('phone login', () => {
  it('is refused with -9001 while SMS is off', async () => {
    await t.app.forum.settings.set([{ key: 'qcloud_sms', tag: 'qcloud', value: '0' }]);
    expect((await post('sms.send', { mobile: phone(), type: 'login' })).Code).toBe(-9001);
    await t.app.forum.settings.set([{ key: 'qcloud_sms', tag: 'qcloud', value: '1' }]);
  });

  it('creates the account on first login (nickname asked next) and logs the same one in later', async () => {
    const mobile = phone();
    const first = await post('sms.login', { mobile, code: await sendCode(mobile, 'login') });
    expect(first.Code, first.Message).toBe(0);
    expect(first.Data.user).toMatchObject({ mobile, isMissNickname: true, hasPassword: false });
    await age(mobile, 120);
    const again = await post('sms.login', { mobile, code: await sendCode(mobile, 'login') });
    expect(again.Data.userId).toBe(first.Data.userId);
    expect(String(again.headers['set-cookie'])).toContain('access_token');
  });

  it('refuses wrong, expired and reused codes, each with its code, and creates nothing', async () => {
    const mobile = phone();
    const code = await sendCode(mobile, 'login');
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await post('sms.login', { mobile, code: wrong })).Code).toBe(-9002);
    await sql(`UPDATE mobile_codes SET expires_at = now() - interval '1 second' WHERE mobile = $1`, [mobile]);
    expect((await post('sms.login', { mobile, code })).Code).toBe(-9003);
    expect(await rows('SELECT id FROM users WHERE mobile = $1', [mobile])).toHaveLength(0);
    await age(mobile, 120);
    const fresh = await sendCode(mobile, 'login');
    expect((await post('sms.login', { mobile, code: fresh })).Code).toBe(0);
    expect((await post('sms.login', { mobile, code: fresh })).Code).toBe(-9003);
    expect(await rows('SELECT id FROM users WHERE mobile = $1', [mobile])).toHaveLength(1);
  });

  it('spends a code after five wrong answers (the right one no longer works)', async () => {
    const mobile = phone();
    const code = await sendCode(mobile, 'login');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await post('sms.login', { mobile, code: wrong })).Code).toBe(-9002);
    expect((await post('sms.login', { mobile, code })).Code).toBe(-9003);
  });

  it('a code for one purpose does not serve another', async () => {
    const mobile = phone();
    const code = await sendCode(mobile, 'login');
    expect(
      (
        await post('sms.reset.pwd', {
          mobile,
          code,
          password: 'newpass123',
          passwordConfirmation: 'newpass123',
        })
      ).Code,
    ).toBe(-9002);
  });

  it('needs open registration for a new phone; registration modes decide username sign-up', async () => {
    await t.app.forum.settings.set([{ key: 'register_close', tag: 'default', value: '0' }]);
    expect((await post('sms.send', { mobile: phone(), type: 'login' })).Code).toBe(-7032);
    await t.app.forum.settings.set([
      { key: 'register_close', tag: 'default', value: '1' },
      { key: 'register_type', tag: 'default', value: '1' },
    ]);
    expect((await post('username.register', { username: 'phonemode', password: 'secret123' })).Code).toBe(
      -7033,
    );
    const mobile = phone();
    expect((await post('sms.login', { mobile, code: await sendCode(mobile, 'login') })).Code).toBe(0);
    await t.app.forum.settings.set([{ key: 'register_type', tag: 'default', value: '2' }]);
    expect((await post('sms.send', { mobile: phone(), type: 'login' })).Code).toBe(-7033);
    await t.app.forum.settings.set([{ key: 'register_type', tag: 'default', value: '0' }]);
  });
});

describe('send limits', () => {
  it('one code a minute per phone, then an hourly cap; refused sends store and send nothing', async () => {
    const mobile = phone();
    await sendCode(mobile, 'login');
    const again = await post('sms.send', { mobile, type: 'login' });
    expect(again.Code).toBe(-4029);
    expect(again.Data.retryAfterSeconds).toBeGreaterThan(50);
    for (let i = 1; i < PER_MOBILE_HOUR; i++) {
      await age(mobile, 61);
      await sendCode(mobile, 'login');
    }
    await age(mobile, 61);
    const before = lastCode(mobile);
    expect((await post('sms.send', { mobile, type: 'login' })).Code).toBe(-4029);
    expect(lastCode(mobile)).toBe(before);
    expect(await rows('SELECT id FROM mobile_codes WHERE mobile = $1', [mobile])).toHaveLength(
      PER_MOBILE_HOUR,
    );
  });

  it('caps the codes one address may request in an hour', async () => {
    await sql('DELETE FROM mobile_codes');
    for (let i = 0; i < PER_IP_HOUR; i++) await sendCode(phone(), 'login');
    expect((await post('sms.send', { mobile: phone(), type: 'login' })).Code).toBe(-4029);
    await sql('DELETE FROM mobile_codes');
  });
});

describe('binding, the -8001 gate, rebinding', () => {
  it('a guest cannot ask for a bind code; a member binds once; a bound phone is not taken twice', async () => {
    expect((await post('sms.send', { mobile: phone(), type: 'bind' })).Code).toBe(-3001);
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const mobile = phone();
    const r = await post('sms.bind', { mobile, code: await sendCode(mobile, 'bind', a.token) }, a.token);
    expect(r.Code, r.Message).toBe(0);
    expect(r.Data.mobile).toBe(mobile);
    expect((await post('sms.send', { mobile, type: 'bind' }, b.token)).Code).toBe(-7031);
    expect((await post('sms.send', { mobile: phone(), type: 'bind' }, a.token)).Code).toBe(-7037);
  });

  it('groups with publishNeedBindPhone get -8001 until a phone is bound; admins never', async () => {
    await sql("INSERT INTO group_permissions (group_id, permission) VALUES (10, 'publishNeedBindPhone')");
    await t.app.forum.groups.changed();
    const m = await registerUser(t.app);
    const thread = { categoryId: 1, title: '绑定手机', content: { text: '<p>正文</p>' } };
    const create = (token: string) => call(t.app, 'POST', '/api/v3/thread.create', { token, body: thread });
    expect((await create(m.token)).Code).toBe(-8001);
    expect((await create((await adminUser(t.app)).token)).Code).toBe(0);
    const mobile = phone();
    await post('sms.bind', { mobile, code: await sendCode(mobile, 'bind', m.token) }, m.token);
    expect((await create(m.token)).Code).toBe(0);
    await sql("DELETE FROM group_permissions WHERE group_id = 10 AND permission = 'publishNeedBindPhone'");
    await t.app.forum.groups.changed();
  });

  it('rebinding needs the current phone verified first', async () => {
    const m = await registerUser(t.app);
    const old = phone();
    await post('sms.bind', { mobile: old, code: await sendCode(old, 'bind', m.token) }, m.token);
    const next = phone();
    expect((await post('sms.send', { mobile: next, type: 'rebind' }, m.token)).Code).toBe(-7035);
    await age(old, 120);
    const v = await post('sms.send', { type: 'verify' }, m.token);
    expect(v.Code).toBe(0);
    expect((await post('sms.verify', { code: lastCode(old) }, m.token)).Code).toBe(0);
    const r = await post(
      'sms.rebind',
      { mobile: next, code: await sendCode(next, 'rebind', m.token) },
      m.token,
    );
    expect(r.Code, r.Message).toBe(0);
    expect(r.Data.mobile).toBe(next);
  });
});

describe('password resets', () => {
  it('resets the password of the phone account and ends its sessions', async () => {
    const m = await registerUser(t.app);
    const mobile = phone();
    await post('sms.bind', { mobile, code: await sendCode(mobile, 'bind', m.token) }, m.token);
    await age(mobile, 120);
    const code = await sendCode(mobile, 'reset_pwd');
    const weak = await post('sms.reset.pwd', { mobile, code, password: 'a', passwordConfirmation: 'a' });
    expect(weak.Code).toBe(-7067);
    const r = await post('sms.reset.pwd', {
      mobile,
      code,
      password: 'brand-new-1',
      passwordConfirmation: 'brand-new-1',
    });
    expect(r.Code, r.Message).toBe(0);
    expect((await call(t.app, 'GET', '/api/v3/user', { token: m.token })).Code).toBe(-4011);
    const login = await post('username.login', { username: m.username, password: 'brand-new-1' });
    expect(login.Code).toBe(0);
  });

  it('a phone with no account answers the same but nothing is sent', async () => {
    const mobile = phone();
    expect((await post('sms.send', { mobile, type: 'reset_pwd' })).Code).toBe(0);
    expect(t.app.forum.smsOutbox!.lastCode(mobile)).toBeUndefined();
  });

  it('resets the pay password with a code sent to my own phone', async () => {
    const m = await registerUser(t.app);
    expect((await post('sms.send', { type: 'reset_pay_pwd' }, m.token)).Code).toBe(-8001);
    const mobile = phone();
    await post('sms.bind', { mobile, code: await sendCode(mobile, 'bind', m.token) }, m.token);
    await age(mobile, 120);
    expect((await post('sms.send', { type: 'reset_pay_pwd' }, m.token)).Code).toBe(0);
    const r = await post(
      'sms.reset.pay.pwd',
      { code: lastCode(mobile), payPassword: '135790', payPasswordConfirmation: '135790' },
      m.token,
    );
    expect(r.Code, r.Message).toBe(0);
    const [row] = await rows('SELECT pay_password_hash FROM users WHERE id = $1', [m.userId]);
    expect(String(row!.pay_password_hash)).toMatch(/^\$argon2id\$/);
  });
});

describe('SMS settings', () => {
  it('keys read back masked for the admin; a masked value written back keeps the key; members are refused', async () => {
    const admin = await adminUser(t.app);
    const write = (value: string, token = admin.token) =>
      call(t.app, 'POST', '/api/backAdmin/settings.create', {
        token,
        body: { data: [{ key: 'qcloud_secret_key', value, tag: 'qcloud' }] },
      });
    expect((await write('tc-secret-key')).Code).toBe(0);
    const read = async () =>
      (await call(t.app, 'GET', '/api/backAdmin/settings', { token: admin.token, query: { tag: 'qcloud' } }))
        .Data as Array<{ key: string; value: string }>;
    expect((await read()).find((r) => r.key === 'qcloud_secret_key')?.value).toBe('******');
    expect((await write('******')).Code).toBe(0);
    expect(t.app.forum.settings.get('qcloud_secret_key')).toBe('tc-secret-key');
    const member = await registerUser(t.app);
    expect((await write('stolen', member.token)).Code).toBe(-4002);
    const bad = await call(t.app, 'POST', '/api/backAdmin/settings.create', {
      token: admin.token,
      body: { data: [{ key: 'qcloud_sms_endpoint', value: 'not a url', tag: 'qcloud' }] },
    });
    expect(bad.Code).toBe(-4001);
  });
});
