import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, uniqueName, type TestApp } from '../../test/harness.js';
import { solvePow } from '../../test/pow.js';
import { leadingZeroBits, powDigest, ProofOfWorkCaptcha } from './pow-captcha.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

async function challenge() {
  const c = await call(t.app, 'GET', '/api/v3/captcha');
  expect(c.Code).toBe(0);
  return c.Data as { ticket: string; pow: { challenge: string; difficulty: number } };
}
const register = (body: object) => call(t.app, 'POST', '/api/v3/users/username.register', { body });

describe('proof-of-work captcha', () => {
  it('counts leading zero bits', () => {
    expect(leadingZeroBits(Buffer.from([0, 0x0f, 0xff]))).toBe(12);
    expect(leadingZeroBits(Buffer.from([0x80]))).toBe(0);
    expect(leadingZeroBits(Buffer.from([0, 0]))).toBe(16);
  });

  it('a solved ticket passes once; unsolved, forged, expired or reused ones fail', async () => {
    let now = Date.now();
    const spent = new Set<string>();
    const pow = new ProofOfWorkCaptcha(
      () => 'secret',
      () => 10,
      async (h) => !spent.has(h) && Boolean(spent.add(h)),
      () => now,
    );
    const c = pow.issue();
    const nonce = solvePow(c.pow!.challenge, c.pow!.difficulty);
    let wrong = 0;
    while (leadingZeroBits(powDigest(c.pow!.challenge, String(wrong))) >= 10) wrong++;
    expect(await pow.verify(c.ticket, String(wrong))).toBe(false);
    const [exp, ch, , mac] = c.ticket.split('.');
    // An easier difficulty written into the ticket breaks its signature.
    expect(await pow.verify(`${exp}.${ch}.1.${mac}`, nonce)).toBe(false);
    expect(await pow.verify(c.ticket, nonce)).toBe(true);
    expect(await pow.verify(c.ticket, nonce)).toBe(false);
    const late = pow.issue();
    now += 6 * 60_000;
    expect(await pow.verify(late.ticket, solvePow(late.pow!.challenge, 10))).toBe(false);
  });

  it('registration asks for it when register_captcha is on; each ticket registers one account', async () => {
    await t.app.forum.settings.set([{ key: 'register_captcha', tag: 'default', value: '1' }]);
    const username = uniqueName();
    const none = await register({ username, password: 'secret123' });
    expect(none.Code).toBe(-4001);
    expect(none.Data).toEqual({ captcha: true });
    const c = await challenge();
    const answer = { captchaTicket: c.ticket, captchaRandStr: solvePow(c.pow.challenge, c.pow.difficulty) };
    const ok = await register({ username, password: 'secret123', ...answer });
    expect(ok.Code, ok.Message).toBe(0);
    const again = await register({ username: uniqueName(), password: 'secret123', ...answer });
    expect(again.Data).toEqual({ captcha: true });
    await t.app.forum.settings.set([{ key: 'register_captcha', tag: 'default', value: '0' }]);
    await registerUser(t.app);
  });

  it('the signing secret is kept in settings and reads back masked for the admin', async () => {
    expect(t.app.forum.settings.get('captcha_secret')).toMatch(/^[0-9a-f]{64}$/);
    const admin = await adminUser(t.app);
    const read = await call(t.app, 'GET', '/api/backAdmin/settings', {
      token: admin.token,
      query: { tag: 'captcha' },
    });
    const rows = read.Data as Array<{ key: string; value: string }>;
    expect(rows.find((r) => r.key === 'captcha_secret')?.value).toBe('******');
  });
});
