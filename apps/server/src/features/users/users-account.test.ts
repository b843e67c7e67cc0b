import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const post = (token: string | undefined, body: object) =>
  call(t.app, 'POST', '/api/v3/users/update.user', { token, body });

async function login(username: string, password: string) {
  const r = await call(t.app, 'POST', '/api/v3/users/username.login', { body: { username, password } });
  return r.Data.accessToken as string;
}

describe('my account', () => {
  it('changes nickname and signature; the signature goes through the stop words', async () => {
    const u = await registerUser(t.app);
    const r = await post(u.token, { nickname: '新昵称', signature: '  热爱生活  ' });
    expect(r.Code).toBe(0);
    expect(r.Data).toMatchObject({ nickname: '新昵称', signature: '热爱生活' });
    const admin = (await adminUser(t.app)).token;
    await call(t.app, 'POST', '/api/backAdmin/stopwords.batch', {
      token: admin,
      body: { words: ['违禁签名={IGNORE}|{IGNORE}|{BANNED}|{IGNORE}|{IGNORE}'], overwrite: true },
    });
    expect((await post(u.token, { signature: '我的违禁签名' })).Code).toBe(-4001);
    const long = await post(u.token, { signature: 'x'.repeat(141) });
    expect(long.Code).toBe(-4001);
    expect(long.Message).toContain('signature');
    expect((await post(undefined, { signature: 'x' })).Code).toBe(-3001);
    expect((await post(u.token, {})).Code).toBe(-4001);
  });

  it('changes the password with the current one; every other session ends, this one stays', async () => {
    const u = await registerUser(t.app, undefined, 'secret123');
    const other = await login(u.username, 'secret123');
    expect(
      (
        await post(u.token, {
          password: 'wrong-one',
          newPassword: 'secret456',
          passwordConfirmation: 'secret456',
        })
      ).Code,
    ).toBe(-7062);
    expect(
      (
        await post(u.token, {
          password: 'secret123',
          newPassword: 'secret123',
          passwordConfirmation: 'secret123',
        })
      ).Code,
    ).toBe(-7034);
    const mismatch = await post(u.token, {
      password: 'secret123',
      newPassword: 'secret456',
      passwordConfirmation: 'other',
    });
    expect(mismatch.Code).toBe(-4001);
    expect(mismatch.Message).toContain('passwordConfirmation');
    expect(
      (
        await post(u.token, {
          password: 'secret123',
          newPassword: 'secret456',
          passwordConfirmation: 'secret456',
        })
      ).Code,
    ).toBe(0);
    expect((await call(t.app, 'GET', '/api/v3/user', { token: u.token })).Code).toBe(0);
    expect((await call(t.app, 'GET', '/api/v3/user', { token: other })).Code).toBe(-4011);
    expect(await login(u.username, 'secret456')).toBeTruthy();
  });

  it('uploads an avatar, re-encoded square, served to anyone with a long cache', async () => {
    const u = await registerUser(t.app);
    const jpg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    const boundary = '----avatar' + Date.now();
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      jpg,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v3/users/avatar',
      payload,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${u.token}`,
      },
    });
    const body = res.json();
    expect(body.Code).toBe(0);
    const url = body.Data.avatarUrl as string;
    expect(url).toMatch(/^\/api\/v3\/users\/avatar\/\d+-[0-9a-f]{12}\.png$/);
    const img = await t.app.inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['cache-control']).toContain('immutable');
    expect(await sharp(img.rawPayload).metadata()).toMatchObject({ width: 256, height: 256, format: 'png' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v3/users/avatar/..%2F..%2Fetc' })).statusCode,
    ).toBe(404);
    const notImage = await t.app.inject({
      method: 'POST',
      url: '/api/v3/users/avatar',
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="x.png"\r\n\r\n`,
        ),
        Buffer.from('not an image'),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${u.token}`,
      },
    });
    expect(notImage.json().Code).toBe(-4001);
  });
});
