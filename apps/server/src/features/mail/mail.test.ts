import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';
import { startSmtp, type ReceivedMail, type TestSmtp } from '../../test/smtp-server.js';
import { JOBS_SCHEMA } from '../../platform/jobs/index.js';
import { localDayHour } from './digest-time.js';
import { ONE_CLICK_PATH } from './mail-notices.js';
import { MAIL_JOB } from './mail-queue.js';

// Email against a real SMTP server (smtp-server) started here: what the forum sends, its headers and language,
// the links' flows (verify, reset, unsubscribe) and the administrator's test send.

let t: TestApp;
let smtp: TestSmtp;
let admin: { token: string; userId: number };
const SITE = 'http://forum.example.test';

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp();
  await t.app.forum.settings.set([
    ...smtp.settings(),
    { key: 'site_url', value: SITE, tag: 'default' },
    { key: 'site_name', value: 'Test Forum', tag: 'default' },
  ]);
  admin = await adminUser(t.app);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const post = (path: string, body: object, token?: string, headers?: Record<string, string>) =>
  call(t.app, 'POST', `/api/v3/users/${path}`, {
    body,
    ...(token ? { token } : {}),
    ...(headers ? { headers } : {}),
  });
const rows = async (q: string, params: unknown[] = []) => (await t.app.forum.database.exec(q, params)).rows;
const EN = { 'accept-language': 'en-US' };
let mailSeq = 0;
const address = () => `m${process.pid}x${++mailSeq}@example.test`;
const to = (addr: string) => (m: ReceivedMail) => m.to.includes(addr);
/** The token of the first forum link in a message's text. */
const tokenIn = (m: ReceivedMail, path: string) => {
  const hit = new RegExp(`${SITE}${path}\\?token=([A-Za-z0-9_-]+)`).exec(m.parsed.text ?? '');
  if (!hit) throw new Error(`no ${path} link in: ${m.parsed.text}`);
  return hit[1]!;
};

/** A member with a verified address (through the real link). */
async function verifiedMember(lang?: 'en') {
  const u = await registerUser(t.app);
  const email = address();
  const set = await post('email.set', { email }, u.token, lang ? EN : undefined);
  expect(set.Code, set.Message).toBe(0);
  const m = await smtp.waitFor(to(email));
  expect((await post('email.verify', { token: tokenIn(m, '/user/verify-email') })).Code).toBe(0);
  return { ...u, email };
}

describe('administrator mail settings and test send', () => {
  it('masks the SMTP password on read and keeps it when the mask is sent back', async () => {
    const set = await call(t.app, 'POST', '/api/backAdmin/settings.create', {
      token: admin.token,
      body: { data: [{ key: 'mail_password', value: 's3cret-pass', tag: 'mail' }] },
    });
    expect(set.Code, set.Message).toBe(0);
    const list = await call(t.app, 'GET', '/api/backAdmin/settings', {
      token: admin.token,
      query: { tag: 'mail' },
    });
    expect(list.Code, list.Message).toBe(0);
    const pw = (list.Data as Array<{ key: string; value: string }>).find((r) => r.key === 'mail_password');
    expect(pw?.value).toBe('******');
    await call(t.app, 'POST', '/api/backAdmin/settings.create', {
      token: admin.token,
      body: { data: [{ key: 'mail_password', value: '******', tag: 'mail' }] },
    });
    expect(t.app.forum.settings.get('mail_password')).toBe('s3cret-pass');
    await t.app.forum.settings.set([{ key: 'mail_password', value: '', tag: 'mail' }]);
  });

  it('refuses switching mail on without a server and a sender', async () => {
    const r = await call(t.app, 'POST', '/api/backAdmin/settings.create', {
      token: admin.token,
      body: { data: [{ key: 'mail_host', value: '', tag: 'mail' }] },
    });
    expect(r.Code).toBe(-4001);
    expect(r.Message).toContain('mail_host');
  });

  it('sends a test message in the administrator’s language; members get -4002, guests are refused', async () => {
    const target = address();
    const r = await call(t.app, 'POST', '/api/backAdmin/mail.test', {
      token: admin.token,
      body: { to: target },
      headers: EN,
    });
    expect(r.Code, r.Message).toBe(0);
    expect(r.Data).toEqual({ sent: true, queued: false, error: null });
    const m = await smtp.waitFor(to(target));
    expect(m.parsed.subject).toBe('Test email from Test Forum');
    expect(m.parsed.from?.value[0]).toMatchObject({ address: 'forum@example.test', name: 'Test Forum' });

    const member = await registerUser(t.app);
    const denied = await call(t.app, 'POST', '/api/backAdmin/mail.test', {
      token: member.token,
      body: { to: address() },
    });
    expect(denied.Code).toBe(-4002);
    const guest = await call(t.app, 'POST', '/api/backAdmin/mail.test', { body: { to: address() } });
    expect([-4002, -3001]).toContain(guest.Code);
  });

  it('shows the SMTP server’s refusal when the test cannot be sent', async () => {
    smtp.refuseNext(1, 550, 'mailbox unavailable');
    const r = await call(t.app, 'POST', '/api/backAdmin/mail.test', {
      token: admin.token,
      body: { to: address() },
    });
    expect(r.Code, r.Message).toBe(0);
    expect(r.Data.sent).toBe(false);
    expect(r.Data.error).toContain('mailbox unavailable');
  });

  it('reports a wrong SMTP password', async () => {
    const locked = await startSmtp({ auth: { user: 'forum', pass: 'right' } });
    await t.app.forum.settings.set(locked.settings({ mail_username: 'forum', mail_password: 'wrong' }));
    try {
      const r = await call(t.app, 'POST', '/api/backAdmin/mail.test', {
        token: admin.token,
        body: { to: address() },
      });
      expect(r.Data.sent).toBe(false);
      expect(r.Data.error).toMatch(/auth|login|password/i);
      expect(locked.received).toHaveLength(0);
      // The right password gets through the same server.
      await t.app.forum.settings.set([{ key: 'mail_password', value: 'right', tag: 'mail' }]);
      const ok = await call(t.app, 'POST', '/api/backAdmin/mail.test', {
        token: admin.token,
        body: { to: 'ok@example.test' },
      });
      expect(ok.Data).toMatchObject({ sent: true });
      await locked.waitFor(to('ok@example.test'));
    } finally {
      await t.app.forum.settings.set(smtp.settings());
      await locked.close();
    }
  });
});

describe('verified email addresses', () => {
  it('mails a link in the member’s language; following it verifies the address, once', async () => {
    const u = await registerUser(t.app);
    const email = address();
    const set = await post('email.set', { email }, u.token);
    expect(set.Code, set.Message).toBe(0);
    expect(set.Data).toMatchObject({ email: '', pending: { email }, notify: 'digest', available: true });
    const m = await smtp.waitFor(to(email));
    expect(m.parsed.subject).toBe('验证你在 Test Forum 的邮箱');
    expect(m.parsed.text).toContain('24 小时');
    expect(m.parsed.html).toContain('/user/verify-email?token=');
    const token = tokenIn(m, '/user/verify-email');
    // Logged out: the link is the credential.
    const v = await post('email.verify', { token });
    expect(v.Code, v.Message).toBe(0);
    expect(v.Data).toEqual({ email });
    const st = await call(t.app, 'GET', '/api/v3/users/email', { token: u.token });
    expect(st.Data).toMatchObject({ email, pending: null });
    expect(st.Data.verifiedAt).not.toBeNull();
    expect((await post('email.verify', { token })).Code).toBe(-4001);
  });

  it('writes English to a member reading in English', async () => {
    const u = await registerUser(t.app);
    const email = address();
    await post('email.set', { email }, u.token, EN);
    const m = await smtp.waitFor(to(email));
    expect(m.parsed.subject).toBe('Confirm your email for Test Forum');
    expect(m.parsed.text).toContain('within 24 hours');
  });

  it('refuses an expired link, a second send within a minute, and an address another account verified', async () => {
    const u = await registerUser(t.app);
    const email = address();
    await post('email.set', { email }, u.token);
    const token = tokenIn(await smtp.waitFor(to(email)), '/user/verify-email');
    await rows(`UPDATE email_tokens SET expires_at = now() - interval '1 second' WHERE email = $1`, [email]);
    expect((await post('email.verify', { token })).Code).toBe(-4001);
    const again = await post('email.set', { email }, u.token);
    expect(again.Code).toBe(-4029);

    const owner = await verifiedMember();
    const other = await registerUser(t.app);
    const before = smtp.received.length;
    expect((await post('email.set', { email: owner.email.toUpperCase() }, other.token)).Code).toBe(0);
    const claim = await smtp.waitFor(
      (m) => smtp.received.indexOf(m) >= before && m.to.some((a) => a.toLowerCase() === owner.email),
    );
    const r = await post('email.verify', { token: tokenIn(claim, '/user/verify-email') });
    expect(r.Code).toBe(-4001);
    expect(r.Message).toContain('another account');
  });

  it('answers at once when the SMTP server is down: the message waits in the queue', async () => {
    await t.app.forum.settings.set([{ key: 'mail_port', value: '1', tag: 'mail' }]);
    try {
      const u = await registerUser(t.app);
      const email = address();
      const started = Date.now();
      const r = await post('email.set', { email }, u.token);
      expect(r.Code, r.Message).toBe(0);
      expect(Date.now() - started).toBeLessThan(3000);
      const [token] = await rows(`SELECT count(*)::int AS n FROM email_tokens WHERE user_id = $1`, [
        u.userId,
      ]);
      expect(token!.n).toBe(1);
      // The worker's try fails (nothing listens on port 1) and the message waits for its retry.
      const job = async () =>
        (
          await rows(`SELECT state FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND data->'mail'->>'to' = $2`, [
            MAIL_JOB,
            email,
          ])
        )[0]?.state;
      await expect.poll(job, { timeout: 15_000 }).toBe('retry');
    } finally {
      await t.app.forum.settings.set([{ key: 'mail_port', value: String(smtp.port), tag: 'mail' }]);
    }
  });
});

describe('password reset by email', () => {
  it('mails a link that sets a new password once; sessions end; the old password stops working', async () => {
    const u = await verifiedMember();
    const r = await post('email.reset.send', { email: u.email.toUpperCase() });
    expect(r).toMatchObject({ Code: 0, Data: null });
    const m = await smtp.waitFor((x) => to(u.email)(x) && x.parsed.subject!.includes('重置'));
    expect(m.parsed.text).toContain('60 分钟');
    const token = tokenIn(m, '/user/reset-password');
    const reset = await post('email.reset.pwd', {
      token,
      password: 'newpass123',
      passwordConfirmation: 'newpass123',
    });
    expect(reset.Code, reset.Message).toBe(0);
    expect((await call(t.app, 'GET', '/api/v3/users/email', { token: u.token })).Code).toBe(-4011);
    const login = (password: string) => post('username.login', { username: u.username, password });
    expect((await login('newpass123')).Code).toBe(0);
    expect((await login(u.password)).Code).not.toBe(0);
    const twice = await post('email.reset.pwd', {
      token,
      password: 'other1234',
      passwordConfirmation: 'other1234',
    });
    expect(twice.Code).toBe(-4001);
  });

  it('refuses an expired link', async () => {
    const u = await verifiedMember();
    await post('email.reset.send', { email: u.email });
    const m = await smtp.waitFor((x) => to(u.email)(x) && x.parsed.subject!.includes('重置'));
    await rows(`UPDATE email_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [
      u.userId,
    ]);
    const r = await post('email.reset.pwd', {
      token: tokenIn(m, '/user/reset-password'),
      password: 'newpass123',
      passwordConfirmation: 'newpass123',
    });
    expect(r.Code).toBe(-4001);
    expect((await post('username.login', { username: u.username, password: u.password })).Code).toBe(0);
  });

  it('answers the same for an address no account has, and sends nothing', async () => {
    const nobody = address();
    const known = await verifiedMember();
    const a = await post('email.reset.send', { email: nobody });
    const b = await post('email.reset.send', { email: known.email });
    expect({ Code: a.Code, Message: a.Message, Data: a.Data }).toEqual({
      Code: b.Code,
      Message: b.Message,
      Data: b.Data,
    });
    await smtp.waitFor((x) => to(known.email)(x) && x.parsed.subject!.includes('重置'));
    expect(smtp.received.some(to(nobody))).toBe(false);
  });
});

describe('notification email while away', () => {
  /** A notification for `userId` (someone follows them), aged past the away time. */
  async function notice(userId: number, ageMinutes = 11) {
    const fan = await registerUser(t.app);
    expect(
      (await call(t.app, 'POST', '/api/v3/follow.create', { token: fan.token, body: { toUserId: userId } }))
        .Code,
    ).toBe(0);
    for (let i = 0; i < 50; i++) {
      const [r] = await rows(
        `SELECT max(id)::int AS id FROM notifications WHERE user_id = $1 AND sender_id = $2`,
        [userId, fan.userId],
      );
      if (r?.id) {
        await rows(`UPDATE notifications SET created_at = now() - make_interval(mins => $2) WHERE id = $1`, [
          r.id,
          ageMinutes,
        ]);
        return { id: r.id as number, fan };
      }
      await new Promise((res) => setTimeout(res, 50));
    }
    throw new Error('no notification');
  }

  it('each: mails an unread notification after the away time, once, with one-click unsubscribe headers', async () => {
    const u = await verifiedMember('en');
    expect((await post('email.notify', { notify: 'each' }, u.token, EN)).Data.notify).toBe('each');
    const fresh = await notice(u.userId, 1);
    expect(await t.app.mailNotices.sendEach()).toBe(0);
    await rows(`UPDATE notifications SET created_at = now() - interval '11 minutes' WHERE id = $1`, [
      fresh.id,
    ]);
    expect(await t.app.mailNotices.sendEach()).toBe(1);
    const m = await smtp.waitFor((x) => to(u.email)(x) && x.parsed.subject!.startsWith('Test Forum:'));
    expect(m.parsed.subject).toBe('Test Forum: New follower');
    expect(m.parsed.text).toContain(`${fresh.fan.username} followed you`);
    expect(m.parsed.text).toContain('Stop notification emails');
    const lu = m.header('list-unsubscribe');
    expect(lu).toMatch(new RegExp(`^<${SITE}${ONE_CLICK_PATH}\\?u=${u.userId}&k=[A-Za-z0-9_-]+>$`));
    expect(m.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // Nothing twice.
    expect(await t.app.mailNotices.sendEach()).toBe(0);

    // The one-click POST a mail program makes: no login, a form body.
    const url = new URL(lu!.slice(1, -1));
    const res = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await rows(`SELECT email_notify FROM users WHERE id = $1`, [u.userId]);
    expect(row!.email_notify).toBe('off');
    await notice(u.userId);
    expect(await t.app.mailNotices.sendEach()).toBe(0);
  });

  it('each: a notification read on the site is not mailed', async () => {
    const u = await verifiedMember();
    await post('email.notify', { notify: 'each' }, u.token);
    await notice(u.userId);
    await rows(`UPDATE notifications SET read_at = now() WHERE user_id = $1`, [u.userId]);
    expect(await t.app.mailNotices.sendEach()).toBe(0);
  });

  it('digest (the default): one Chinese message listing the day’s unread; the link in it unsubscribes', async () => {
    const u = await verifiedMember();
    const st = await call(t.app, 'GET', '/api/v3/users/email', { token: u.token });
    expect(st.Data.notify).toBe('digest');
    await notice(u.userId, 60);
    await notice(u.userId, 30);
    expect(await t.app.mailNotices.sendEach()).toBe(0);
    expect(await t.app.mailNotices.sendDigests()).toBeGreaterThanOrEqual(1);
    const m = await smtp.waitFor((x) => to(u.email)(x) && x.parsed.subject!.includes('每日摘要'));
    expect(m.parsed.subject).toBe('Test Forum 每日摘要：2 条未读通知');
    expect(m.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(await t.app.mailNotices.sendDigests()).toBe(0);

    // The footer's link opens the site's page, which posts u and k without a login.
    const link = /\/user\/unsubscribe\?u=(\d+)&k=([A-Za-z0-9_-]+)/.exec(m.parsed.text ?? '');
    expect(link).not.toBeNull();
    const wrong = await post('email.unsubscribe', { u: Number(link![1]), k: 'x'.repeat(32) });
    expect(wrong.Code).toBe(-4001);
    const r = await post('email.unsubscribe', { u: Number(link![1]), k: link![2] });
    expect(r).toMatchObject({ Code: 0, Data: { email: u.email } });
    expect((await call(t.app, 'GET', '/api/v3/users/email', { token: u.token })).Data.notify).toBe('off');
  });

  it('follows the language the member switched to on the site', async () => {
    const u = await verifiedMember();
    expect((await post('lang', { lang: 'en' }, u.token)).Code).toBe(0);
    await notice(u.userId, 30);
    expect(await t.app.mailNotices.sendDigests()).toBeGreaterThanOrEqual(1);
    const m = await smtp.waitFor((x) => to(u.email)(x) && x.parsed.subject!.includes('daily digest'));
    expect(m.parsed.subject).toBe('Test Forum daily digest: 1 unread notification');
    expect(m.parsed.text).toContain('New follower');
  });

  it('the scheduled check sends the digests once a local day, at or after the digest hour', async () => {
    const u = await verifiedMember();
    await notice(u.userId, 30);
    const tz = 'Asia/Kathmandu';
    const now = new Date();
    const { day, hour } = localDayHour(now, tz);
    await t.app.forum.settings.set([
      { key: 'mail_digest_hour', value: String(Math.min(hour + 1, 23)), tag: 'mail' },
      { key: 'mail_digest_day', value: '', tag: 'mail' },
    ]);
    try {
      if (hour < 23) expect(await t.app.mailNotices.digestCheck(now, tz)).toBe(0);
      await t.app.forum.settings.set([{ key: 'mail_digest_hour', value: String(hour), tag: 'mail' }]);
      expect(await t.app.mailNotices.digestCheck(now, tz)).toBeGreaterThanOrEqual(1);
      expect(t.app.forum.settings.get('mail_digest_day')).toBe(day);
      await smtp.waitFor((x) => to(u.email)(x) && x.parsed.subject!.includes('每日摘要'));
      // A later notification waits for tomorrow's digest, even if the digest hour comes again (fall back).
      await notice(u.userId, 1);
      expect(await t.app.mailNotices.digestCheck(now, tz)).toBe(0);
    } finally {
      await t.app.forum.settings.set([{ key: 'mail_digest_hour', value: '9', tag: 'mail' }]);
    }
  });

  it('a permanent refusal of the address (5xx at RCPT TO) marks it: not retried, nothing more sent to it', async () => {
    const u = await verifiedMember();
    const jobs = async () =>
      rows(
        `SELECT state, data->'mail'->>'kind' AS kind FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND data->'mail'->>'to' = $2`,
        [MAIL_JOB, u.email],
      );
    const bounce = async () =>
      (await rows(`SELECT email_bounce FROM users WHERE id = $1`, [u.userId]))[0]!.email_bounce;
    smtp.refuseRecipient(u.email, 550, '5.1.1 mailbox does not exist');
    await notice(u.userId, 30);
    expect(await t.app.mailNotices.sendDigests()).toBeGreaterThanOrEqual(1);
    await expect.poll(bounce, { timeout: 15_000 }).toContain('5.1.1 mailbox does not exist');
    // Done with, not waiting for a retry.
    await expect.poll(async () => (await jobs()).find((j) => j.kind === 'digest')?.state).toBe('completed');
    // No more digests, and a reset link is not sent either (the same answer as ever).
    await notice(u.userId, 20);
    await t.app.mailNotices.sendDigests();
    expect((await post('email.reset.send', { email: u.email })).Code).toBe(0);
    // (Sorted: the rows come in no particular order.)
    expect((await jobs()).map((j) => j.kind).sort()).toEqual(['digest', 'verify']);
    // A new address the member confirms clears the mark.
    const email = address();
    // (Past the one-link-a-minute limit.)
    await rows(`UPDATE email_tokens SET created_at = created_at - interval '2 minutes' WHERE user_id = $1`, [
      u.userId,
    ]);
    expect((await post('email.set', { email }, u.token)).Code).toBe(0);
    const m = await smtp.waitFor(to(email));
    expect((await post('email.verify', { token: tokenIn(m, '/user/verify-email') })).Code).toBe(0);
    expect(await bounce()).toBe('');
  });

  it('a 5xx that is not about the address (refused content) leaves it deliverable and is retried', async () => {
    const u = await verifiedMember();
    smtp.refuseNext(1, 554, '5.7.1 message rejected');
    await post('email.reset.send', { email: u.email });
    const state = async () =>
      (
        await rows(
          `SELECT state FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND data->'mail'->>'to' = $2 AND data->'mail'->>'kind' = 'reset'`,
          [MAIL_JOB, u.email],
        )
      )[0]?.state;
    await expect.poll(state, { timeout: 15_000 }).toBe('retry');
    expect((await rows(`SELECT email_bounce FROM users WHERE id = $1`, [u.userId]))[0]!.email_bounce).toBe(
      '',
    );
  });

  it('off: nothing is mailed', async () => {
    const u = await verifiedMember();
    await post('email.notify', { notify: 'off' }, u.token);
    await notice(u.userId, 60);
    await t.app.mailNotices.sendEach();
    await t.app.mailNotices.sendDigests();
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.filter(to(u.email))).toHaveLength(1);
  });
});
