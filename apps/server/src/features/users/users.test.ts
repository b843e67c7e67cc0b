import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, uniqueName, type TestApp } from '../../test/harness.js';
import { updateUser } from './users.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('accounts', () => {
  it('register → login → current user → logout → old token gets -4011', async () => {
    const username = uniqueName('alice');
    const reg = await call(t.app, 'POST', '/api/v3/users/username.register', {
      body: { username, password: 'secret123', nickname: '爱丽丝' },
    });
    expect(reg.Code).toBe(0);
    expect(reg.Data.userStatus).toBe(0);
    expect(reg.Data.user.nickname).toBe('爱丽丝');
    expect(reg.Data.user.group.id).toBe(10);
    expect(JSON.stringify(reg.Data)).not.toMatch(/argon2/);

    const login = await call(t.app, 'POST', '/api/v3/users/username.login', {
      body: { username: username.toUpperCase(), password: 'secret123' },
    });
    expect(login.Code).toBe(0);
    const token = login.Data.accessToken as string;
    const cookie = login.cookies.find((c) => c.name === 'access_token');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');

    const me = await call(t.app, 'GET', '/api/v3/user', { token });
    expect(me.Code).toBe(0);
    expect(me.Data.username).toBe(username);

    const forum = await call(t.app, 'GET', '/api/v3/forum', { token });
    expect(forum.Data.user.userId).toBe(login.Data.userId);

    const out = await call(t.app, 'POST', '/api/v3/users/logout', { token });
    expect(out.Code).toBe(0);
    const after = await call(t.app, 'GET', '/api/v3/user', { token });
    expect(after.Code).toBe(-4011);
    expect(after.status).toBe(401);
  });

  it('a password hashed with older argon2 parameters signs in and is hashed again with the current ones', async () => {
    const { hash } = await import('@node-rs/argon2');
    const m = await registerUser(t.app);
    const older = await hash('older-pass-1', {
      algorithm: 2,
      memoryCost: 19456,
      timeCost: 2,
      parallelism: 1,
    });
    await updateUser(t.app.forum.database.db, m.userId, { passwordHash: older });
    const stored = async () =>
      String(
        (
          (await t.app.forum.database.exec('SELECT password_hash FROM users WHERE id = $1', [m.userId]))
            .rows[0] as { password_hash: string }
        ).password_hash,
      );
    const wrong = await call(t.app, 'POST', '/api/v3/users/username.login', {
      body: { username: m.username, password: 'not-it-1' },
    });
    expect(wrong.Code).not.toBe(0);
    expect(await stored()).toBe(older);
    for (let i = 0; i < 2; i++) {
      const login = await call(t.app, 'POST', '/api/v3/users/username.login', {
        body: { username: m.username, password: 'older-pass-1' },
      });
      expect(login.Code).toBe(0);
      expect(await stored()).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
    }
  });

  it('refresh swaps the pair once; the old refresh token is dead', async () => {
    const username = uniqueName('ref');
    await registerUser(t.app, username);
    const login = await call(t.app, 'POST', '/api/v3/users/username.login', {
      body: { username, password: 'secret123' },
    });
    const r1 = await call(t.app, 'POST', '/api/v3/users/refresh.token', {
      body: { refreshToken: login.Data.refreshToken },
    });
    expect(r1.Code).toBe(0);
    expect(r1.Data.accessToken).not.toBe(login.Data.accessToken);
    const again = await call(t.app, 'POST', '/api/v3/users/refresh.token', {
      body: { refreshToken: login.Data.refreshToken },
    });
    expect(again.Code).toBe(-4011);
    const old = await call(t.app, 'GET', '/api/v3/user', { token: login.Data.accessToken });
    expect(old.Code).toBe(-4011);
  });

  it('refuses taken usernames, long or spaced names and weak passwords', async () => {
    const { username } = await registerUser(t.app);
    const dup = await call(t.app, 'POST', '/api/v3/users/username.register', {
      body: { username, password: 'secret123' },
    });
    expect(dup.Code).toBe(-7042);
    const long = await call(t.app, 'POST', '/api/v3/users/username.register', {
      body: { username: 'a'.repeat(16), password: 'secret123' },
    });
    expect(long.Code).toBe(-4001);
    expect(long.Message).toMatch(/^username: /);
    const spaced = await call(t.app, 'POST', '/api/v3/users/username.register', {
      body: { username: 'a b', password: 'secret123' },
    });
    expect(spaced.Code).toBe(-4001);
    const short = await call(t.app, 'POST', '/api/v3/users/username.register', {
      body: { username: uniqueName(), password: '123' },
    });
    expect(short.Code).toBe(-7067);
    expect(short.Message).toMatch(/6/);
  });

  it('applies the password strength setting', async () => {
    await t.app.forum.settings.set([{ key: 'password_strength', tag: 'default', value: '0,3' }]);
    try {
      const weak = await call(t.app, 'POST', '/api/v3/users/username.register', {
        body: { username: uniqueName(), password: 'abcdefgh1' },
        headers: { 'accept-language': 'en' },
      });
      expect(weak.Code).toBe(-7067);
      expect(weak.Message).toMatch(/uppercase/);
      const ok = await call(t.app, 'POST', '/api/v3/users/username.register', {
        body: { username: uniqueName(), password: 'Abcdefgh1' },
      });
      expect(ok.Code).toBe(0);
    } finally {
      await t.app.forum.settings.set([{ key: 'password_strength', tag: 'default', value: '' }]);
    }
  });

  it('closed registration answers -7032', async () => {
    await t.app.forum.settings.set([{ key: 'register_close', tag: 'default', value: '0' }]);
    try {
      const r = await call(t.app, 'POST', '/api/v3/users/username.register', {
        body: { username: uniqueName(), password: 'secret123' },
      });
      expect(r.Code).toBe(-7032);
      const forum = await call(t.app, 'GET', '/api/v3/forum');
      expect(forum.Data.setSite.isRegister).toBe(false);
    } finally {
      await t.app.forum.settings.set([{ key: 'register_close', tag: 'default', value: '1' }]);
    }
  });

  it('locks an IP after 5 wrong passwords with a clear message and wait time', async () => {
    const { username } = await registerUser(t.app);
    const ip = { 'x-forwarded-for': '1.1.1.1' };
    const attempt = (password: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v3/users/username.login',
        payload: { username, password },
        remoteAddress,
        headers: ip,
      });
    const msgs: number[] = [];
    for (let i = 0; i < 4; i++) msgs.push((await attempt('wrong', '10.9.9.9')).json().Code);
    expect(msgs).toEqual([-7062, -7062, -7062, -7062]);
    const fifth = (await attempt('wrong', '10.9.9.9')).json();
    expect(fifth.Code).toBe(-4029);
    expect(fifth.Message).toMatch(/15分钟/);
    const locked = await attempt('secret123', '10.9.9.9');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().Data.retryAfterSeconds).toBeGreaterThan(800);
    // Another IP is not locked.
    expect((await attempt('secret123', '10.9.9.10')).json().Code).toBe(0);
  });

  it('gives banned, rejected and pending users their codes', async () => {
    const banned = await registerUser(t.app);
    await updateUser(t.app.forum.database.db, banned.userId, { status: 1, banReason: 'spam' });
    await t.app.forum.users.sessionsChanged();
    const login = await call(t.app, 'POST', '/api/v3/users/username.login', {
      body: { username: banned.username, password: banned.password },
    });
    expect(login.Code).toBe(-4009);
    expect(login.Data.banReason).toBe('spam');
    const withOld = await call(t.app, 'GET', '/api/v3/user', { token: banned.token });
    expect(withOld.Code).toBe(-4009);

    const rejected = await registerUser(t.app);
    await updateUser(t.app.forum.database.db, rejected.userId, { status: 3, rejectReason: 'no' });
    const rl = await call(t.app, 'POST', '/api/v3/users/username.login', {
      body: { username: rejected.username, password: rejected.password },
    });
    expect(rl.Code).toBe(-4007);

    await t.app.forum.settings.set([{ key: 'register_validate', tag: 'default', value: '1' }]);
    try {
      const pending = await registerUser(t.app);
      const other = await registerUser(t.app);
      const me = await call(t.app, 'GET', '/api/v3/user', { token: pending.token });
      expect(me.Code).toBe(0);
      expect(me.Data.status).toBe(2);
      const browse = await call(t.app, 'GET', '/api/v3/user', {
        token: pending.token,
        query: { userId: String(other.userId) },
      });
      expect(browse.Code).toBe(-3003);
    } finally {
      await t.app.forum.settings.set([{ key: 'register_validate', tag: 'default', value: '0' }]);
    }
  });

  it('user.view: members may read profiles, guests too unless profiles are private; unknown ids are -4004', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const ok = await call(t.app, 'GET', '/api/v3/user', {
      token: a.token,
      query: { userId: String(b.userId) },
    });
    expect(ok.Code).toBe(0);
    expect(ok.Data).not.toHaveProperty('mobile');
    const guest = await call(t.app, 'GET', '/api/v3/user', { query: { userId: String(b.userId) } });
    expect(guest.Code).toBe(0);
    expect(guest.Data).not.toHaveProperty('mobile');
    await t.app.forum.settings.set([{ key: 'user_profile_public', tag: 'default', value: '0' }]);
    const closed = await call(t.app, 'GET', '/api/v3/user', { query: { userId: String(b.userId) } });
    await t.app.forum.settings.set([{ key: 'user_profile_public', tag: 'default', value: '1' }]);
    expect(closed.Code).toBe(-4002);
    const missing = await call(t.app, 'GET', '/api/v3/user', { token: a.token, query: { userId: '999999' } });
    expect(missing.Code).toBe(-4004);
    const bad = await call(t.app, 'GET', '/api/v3/user', { token: a.token, query: { userId: 'abc' } });
    expect(bad.Code).toBe(-4001);
    const guestSelf = await call(t.app, 'GET', '/api/v3/user');
    expect(guestSelf.Code).toBe(-3001);
  });

  it('cookie-authenticated writes need the CSRF header; bearer calls do not', async () => {
    const { username } = await registerUser(t.app);
    const login = await call(t.app, 'POST', '/api/v3/users/username.login', {
      body: { username, password: 'secret123' },
    });
    const cookies = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));
    const cookieHeader = `access_token=${cookies.access_token}; csrf_token=${cookies.csrf_token}`;
    const noCsrf = await call(t.app, 'POST', '/api/v3/users/nickname.set', {
      body: { nickname: 'x1' },
      headers: { cookie: cookieHeader },
    });
    expect(noCsrf.Code).toBe(-4002);
    expect(noCsrf.status).toBe(403);
    const withCsrf = await call(t.app, 'POST', '/api/v3/users/nickname.set', {
      body: { nickname: 'x2' },
      headers: { cookie: cookieHeader, 'x-csrf-token': cookies.csrf_token! },
    });
    expect(withCsrf.Code).toBe(0);
    expect(withCsrf.Data.nickname).toBe('x2');
    const crossSite = await call(t.app, 'POST', '/api/v3/users/nickname.set', {
      body: { nickname: 'x3' },
      headers: { cookie: cookieHeader, 'x-csrf-token': cookies.csrf_token!, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.Code).toBe(-4002);
    const cookieGet = await call(t.app, 'GET', '/api/v3/user', { headers: { cookie: cookieHeader } });
    expect(cookieGet.Code).toBe(0);
  });

  it('usernames and nicknames go through the stop-word filter', async () => {
    const admin = await adminUser(t.app);
    const batch = await call(t.app, 'POST', '/api/backAdmin/stopwords.batch', {
      token: admin.token,
      // Scoped form: {ugc}|{username}|{signature}|{dialog}|{nickname}.
      body: {
        words: [
          '坏名字={IGNORE}|{BANNED}|{IGNORE}|{IGNORE}|{BANNED}',
          'badnick={IGNORE}|{IGNORE}|{IGNORE}|{IGNORE}|{BANNED}',
        ],
        overwrite: true,
      },
    });
    expect(batch.Code).toBe(0);
    const r1 = await call(t.app, 'POST', '/api/v3/users/username.register', {
      body: { username: 'x坏名字y', password: 'secret123' },
    });
    expect(r1.Code).toBe(-4001);
    expect(r1.Message).toMatch(/坏名字/);
    const u = await registerUser(t.app);
    const r2 = await call(t.app, 'POST', '/api/v3/users/nickname.set', {
      token: u.token,
      body: { nickname: 'myBADNICK' },
    });
    expect(r2.Code).toBe(-4001);
    const ok = await call(t.app, 'POST', '/api/v3/users/nickname.set', {
      token: u.token,
      body: { nickname: '好昵称' },
    });
    expect(ok.Code).toBe(0);
  });

  it('an admin passes user.view and sees canViewAdmin', async () => {
    const admin = await adminUser(t.app);
    const forum = await call(t.app, 'GET', '/api/v3/forum', { token: admin.token });
    expect(forum.Data.otherPermissions.canViewAdmin).toBe(true);
    expect(forum.Data.user.group.id).toBe(1);
  });
});
