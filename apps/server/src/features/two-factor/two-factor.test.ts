import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';
import { base32Decode, base32Encode, hotp, matchTotp, totpCounter } from './totp.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ smsProvider: 'console' });
});
afterAll(async () => t?.close());

/** The code an authenticator shows at a time step (`totpCounter`). */
const codeAt = (secret: string, counter: number) => hotp(base32Decode(secret)!, counter);
const post = (path: string, body: object, token?: string) =>
  call(t.app, 'POST', `/api/v3/users/${path}`, { body, ...(token ? { token } : {}) });

async function enrol(token: string) {
  const setup = await post('2fa.setup', {}, token);
  expect(setup.Code).toBe(0);
  const secret = setup.Data.secret as string;
  // The step the enrolment used: later codes are counted from it, not from the clock, so a test that crosses
  // a 30 s boundary still sends the replayed code and the next one it means to.
  const counter = totpCounter(Date.now());
  const on = await post('2fa.enable', { code: codeAt(secret, counter) }, token);
  expect(on.Code, on.Message).toBe(0);
  return { secret, counter, recovery: on.Data.recoveryCodes as string[] };
}

describe('TOTP (RFC 6238)', () => {
  it('matches the RFC test vector and round-trips base32', () => {
    const key = Buffer.from('12345678901234567890');
    // RFC 6238 appendix B, SHA-1, T = 59 s: 94287082 (8 digits).
    expect(hotp(key, totpCounter(59_000), 8)).toBe('94287082');
    expect(hotp(key, totpCounter(1_111_111_109_000), 8)).toBe('07081804');
    expect(base32Decode(base32Encode(key))).toEqual(key);
    const secret = base32Encode(key);
    expect(matchTotp(secret, hotp(key, totpCounter(59_000)), 59_000 + 30_000)).toBe(1);
    expect(matchTotp(secret, hotp(key, totpCounter(59_000)), 59_000 + 90_000)).toBeNull();
  });
});

describe('two-factor login', () => {
  it('enrols, then login needs the code; a wrong, replayed or forged step is refused', async () => {
    const u = await registerUser(t.app);
    expect((await post('2fa.enable', { code: '123456' }, u.token)).Code).toBe(-4004);
    const { secret, counter, recovery } = await enrol(u.token);
    expect(recovery).toHaveLength(10);
    expect((await post('2fa.setup', {}, u.token)).Code).toBe(-4003);
    const first = await post('username.login', { username: u.username, password: u.password });
    expect(first.Code).toBe(-7090);
    expect(first.Data.accessToken).toBeUndefined();
    const token = first.Data.twoFactorToken as string;
    expect((await post('2fa.login', { twoFactorToken: token, code: '000000' })).Code).toBe(-7091);
    // The enrolment used the current step: the same code cannot be replayed, the next one works.
    expect((await post('2fa.login', { twoFactorToken: token, code: codeAt(secret, counter) })).Code).toBe(
      -7091,
    );
    const forged = `${Number(token.split('.')[0]) + 1}.${token.split('.').slice(1).join('.')}`;
    const next = codeAt(secret, counter + 1);
    expect((await post('2fa.login', { twoFactorToken: forged, code: next })).Code).toBe(-4011);
    const ok = await post('2fa.login', { twoFactorToken: token, code: next });
    expect(ok.Code, ok.Message).toBe(0);
    expect(ok.Data.userId).toBe(u.userId);
  });

  it('a recovery code works once; disabling needs a code', async () => {
    const u = await registerUser(t.app);
    const { recovery } = await enrol(u.token);
    const token = (await post('username.login', { username: u.username, password: u.password })).Data
      .twoFactorToken as string;
    expect((await post('2fa.login', { twoFactorToken: token, code: recovery[0] })).Code).toBe(0);
    expect((await post('2fa.login', { twoFactorToken: token, code: recovery[0] })).Code).toBe(-7091);
    const status = await call(t.app, 'GET', '/api/v3/users/2fa', { token: u.token });
    expect(status.Data).toEqual({ enabled: true, required: false, recoveryLeft: 9 });
    expect((await post('2fa.disable', { code: '000000' }, u.token)).Code).toBe(-7091);
    expect((await post('2fa.disable', { code: recovery[1] }, u.token)).Code).toBe(0);
    expect((await post('username.login', { username: u.username, password: u.password })).Code).toBe(0);
    expect((await post('2fa.setup', {}, undefined)).Code).toBe(-3001);
  });

  it('phone login of an account with an authenticator also asks for the second step', async () => {
    await t.app.forum.settings.set([{ key: 'qcloud_sms', tag: 'qcloud', value: '1' }]);
    const u = await registerUser(t.app);
    const mobile = `137${String(process.pid % 100_000_000).padStart(8, '0')}`;
    await post('sms.send', { mobile, type: 'bind' }, u.token);
    await post('sms.bind', { mobile, code: t.app.forum.smsOutbox!.lastCode(mobile) }, u.token);
    const { secret, counter } = await enrol(u.token);
    await t.app.forum.database.exec(
      `UPDATE mobile_codes SET created_at = created_at - interval '2 minutes' WHERE mobile = $1`,
      [mobile],
    );
    await post('sms.send', { mobile, type: 'login' });
    const code = t.app.forum.smsOutbox!.lastCode(mobile);
    const first = await post('sms.login', { mobile, code });
    expect(first.Code).toBe(-7090);
    expect((await post('sms.login', { mobile, code })).Code).toBe(-9003);
    const ok = await post('2fa.login', {
      twoFactorToken: first.Data.twoFactorToken,
      code: codeAt(secret, counter + 1),
    });
    expect(ok.Data.userId).toBe(u.userId);
  });

  it('enforced for administrators: admin calls wait for enrolment; members are not affected', async () => {
    const admin = await adminUser(t.app);
    const list = () => call(t.app, 'GET', '/api/backAdmin/settings', { token: admin.token });
    await t.app.forum.settings.set([{ key: 'two_factor_admin_required', tag: 'two_factor', value: '1' }]);
    const refused = await list();
    expect(refused.Code).toBe(-4002);
    expect(refused.Data).toEqual({ twoFactorRequired: true });
    const me = await call(t.app, 'GET', '/api/v3/users/2fa', { token: admin.token });
    expect(me.Data.required).toBe(true);
    await enrol(admin.token);
    expect((await list()).Code).toBe(0);
    const member = await registerUser(t.app);
    expect((await call(t.app, 'GET', '/api/v3/users/2fa', { token: member.token })).Data.required).toBe(
      false,
    );
    await t.app.forum.settings.set([{ key: 'two_factor_admin_required', tag: 'two_factor', value: '0' }]);
  });
});
