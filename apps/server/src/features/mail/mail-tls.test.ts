import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, startTestApp, type TestApp } from '../../test/harness.js';
import { selfSignedCert, startSmtp, type TestSmtp } from '../../test/smtp-server.js';

// Encrypted SMTP against a real server (smtp-server) with a self-signed certificate made here: implicit TLS
// (port-465 style), STARTTLS, a server that does not offer the STARTTLS the settings require, and the
// certificate check (on by default, relaxed only by `mail_tls_verify = 0`). The administrator's test send shows
// what happened.

let t: TestApp;
let admin: { token: string; userId: number };
const cert = selfSignedCert();
const servers: TestSmtp[] = [];

beforeAll(async () => {
  t = await startTestApp();
  await t.app.forum.settings.set([{ key: 'site_name', value: 'Test Forum', tag: 'default' }]);
  admin = await adminUser(t.app);
});
afterAll(async () => {
  await t?.close();
  await Promise.all(servers.map((s) => s.close()));
});

async function server(tls?: 'implicit' | 'starttls') {
  const s = await startSmtp({ ...(tls ? { tls, cert } : {}) });
  servers.push(s);
  return s;
}
let seq = 0;
/** The administrator's test send to a new address, with the outcome the admin page shows. */
async function testSend() {
  const to = `tls${process.pid}x${++seq}@example.test`;
  const r = await call(t.app, 'POST', '/api/backAdmin/mail.test', { token: admin.token, body: { to } });
  expect(r.Code, r.Message).toBe(0);
  return { to, result: r.Data as { sent: boolean; queued: boolean; error: string | null } };
}

describe('encrypted SMTP', () => {
  it('sends over implicit TLS (mail_secure = tls)', async () => {
    const s = await server('implicit');
    await t.app.forum.settings.set(s.settings());
    const { to, result } = await testSend();
    expect(result).toEqual({ sent: true, queued: false, error: null });
    const m = await s.waitFor((x) => x.to.includes(to));
    expect(m.secure).toBe(true);
    expect(m.parsed.subject).toContain('Test Forum');
  });

  it('sends after STARTTLS (mail_secure = starttls)', async () => {
    const s = await server('starttls');
    await t.app.forum.settings.set(s.settings());
    const { to, result } = await testSend();
    expect(result).toEqual({ sent: true, queued: false, error: null });
    expect((await s.waitFor((x) => x.to.includes(to))).secure).toBe(true);
  });

  it('refuses to send in clear text when the server does not offer the STARTTLS required', async () => {
    const plain = await server();
    await t.app.forum.settings.set(plain.settings({ mail_secure: 'starttls' }));
    const { result } = await testSend();
    expect(result.sent).toBe(false);
    expect(result.queued).toBe(false);
    expect(result.error).toMatch(/does not offer STARTTLS.*usually port 465/);
    expect(plain.received).toHaveLength(0);
  });

  it('checks the certificate by default: a self-signed one is refused with a reason', async () => {
    expect(t.app.forum.settings.get('mail_tls_verify')).toBe('1');
    for (const mode of ['implicit', 'starttls'] as const) {
      const s = await server(mode);
      await t.app.forum.settings.set(s.settings({ mail_tls_verify: '1' }));
      const { result } = await testSend();
      expect(result.sent, mode).toBe(false);
      expect(result.error, mode).toMatch(
        /certificate was refused.*mail_tls_verify.*self-signed certificate$/,
      );
      expect(s.received).toHaveLength(0);
    }
  });

  it('does not fall back to clear text: implicit TLS against a plain server fails with a reason', async () => {
    const plain = await server();
    await t.app.forum.settings.set(plain.settings({ mail_secure: 'tls', mail_tls_verify: '0' }));
    const { result } = await testSend();
    expect(result.sent).toBe(false);
    expect(result.error).toMatch(/did not answer with TLS; it probably expects STARTTLS/);
    expect(plain.received).toHaveLength(0);
  });
});
