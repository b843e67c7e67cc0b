import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';

// Issue 10 §8: a registration rejected together with its sign-in answers is resubmitted and reviewed again.

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await adminUser(t.app)).token;
});
afterAll(async () => t?.close());

const asAdmin = (path: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', path, { token: admin, body });

describe('sign-in answers under review', () => {
  it('rejected with a reason, the user sees it, resubmits, and is back in the queue; then approved', async () => {
    const field = await asAdmin('/api/admin/signinfields.create.v2', {
      name: '来自哪里',
      type: 0,
      sort: 1,
      required: true,
    });
    await asAdmin('/api/admin/signinfields.update.v2', { id: field.Data.id, status: 1 });
    await asAdmin('/api/backAdmin/settings.create', {
      data: [
        { key: 'open_ext_fields', value: '1', tag: 'default' },
        { key: 'register_validate', value: '1', tag: 'default' },
      ],
    });
    try {
      const u = await registerUser(t.app);
      const answer = (text: string) =>
        call(t.app, 'POST', '/api/v3/user/signinfields.create', {
          token: u.token,
          body: { data: [{ aid: field.Data.id, fieldsExt: text }] },
        });
      expect((await answer('不告诉你')).Data.userStatus).toBe(2);
      const pending = await call(t.app, 'GET', '/api/backAdmin/users', {
        token: admin,
        query: { 'filter[status]': '2' },
      });
      expect(pending.Data.pageData.map((x: { id: number }) => x.id)).toContain(u.userId);

      const rejected = await asAdmin('/api/backAdmin/users/examine', {
        data: [{ id: u.userId, status: 3, rejectReason: '请写清楚城市' }],
      });
      expect(rejected.Code).toBe(0);
      const mine = await call(t.app, 'GET', '/api/v3/user/signinfields.list', { token: u.token });
      expect(mine.Data[0].answer).toMatchObject({ status: 2, remark: '请写清楚城市' });

      expect((await answer('上海')).Data.userStatus).toBe(2);
      const again = await call(t.app, 'GET', '/api/user/signinfields.list.v2', {
        token: admin,
        query: { userId: String(u.userId) },
      });
      expect(again.Data[0]).toMatchObject({ fieldsExt: '上海', status: 1 });

      await asAdmin('/api/backAdmin/users/examine', { data: [{ id: u.userId, status: 0 }] });
      expect((await call(t.app, 'GET', '/api/v3/thread.list', { token: u.token })).Code).toBe(0);
      const passed = await call(t.app, 'GET', '/api/v3/user/signinfields.list', { token: u.token });
      expect(passed.Data[0].answer.status).toBe(3);
    } finally {
      await asAdmin('/api/admin/signinfields.update.v2', { id: field.Data.id, status: 0 });
      await asAdmin('/api/backAdmin/settings.create', {
        data: [
          { key: 'open_ext_fields', value: '0', tag: 'default' },
          { key: 'register_validate', value: '0', tag: 'default' },
        ],
      });
    }
  });

  it('an image field is answered with an upload the new account may make; the admin opens it', async () => {
    const photo = await asAdmin('/api/admin/signinfields.create.v2', {
      name: '证件照',
      type: 4,
      sort: 2,
      required: true,
    });
    await asAdmin('/api/admin/signinfields.update.v2', { id: photo.Data.id, status: 1 });
    const stranger = await registerUser(t.app);
    const text = await asAdmin('/api/admin/signinfields.create.v2', { name: '备注', type: 0, sort: 3 });
    await asAdmin('/api/admin/signinfields.update.v2', { id: text.Data.id, status: 1 });
    await asAdmin('/api/backAdmin/settings.create', {
      data: [{ key: 'open_ext_fields', value: '1', tag: 'default' }],
    });
    try {
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
        .png()
        .toBuffer();
      const upload = async (token: string, aid: number) => {
        const boundary = `----signin${Date.now()}`;
        const payload = Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.png"\r\n` +
              `Content-Type: image/png\r\n\r\n`,
          ),
          png,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/v3/user/signinfields.upload?aid=${aid}`,
          payload,
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            authorization: `Bearer ${token}`,
          },
        });
        return res.json() as { Code: number; Message: string; Data: { url: string; fileName: string } };
      };
      const u = await registerUser(t.app);
      const other = await registerUser(t.app);
      // Held at -3007, the new account may still upload its answer.
      expect((await call(t.app, 'GET', '/api/v3/thread.list', { token: u.token })).Code).toBe(-3007);
      const up = await upload(u.token, photo.Data.id);
      expect(up.Code, up.Message).toBe(0);
      expect(up.Data.url).toMatch(/^\/api\/v3\/attachments\/[0-9a-f-]{36}$/);
      expect((await upload(u.token, text.Data.id)).Code).toBe(-4001);
      const guest = await t.app.inject({
        method: 'POST',
        url: `/api/v3/user/signinfields.upload?aid=${photo.Data.id}`,
      });
      expect((guest.json() as { Code: number }).Code).toBe(-3001);
      const theirs = await upload(other.token, photo.Data.id);

      const submit = (fieldsExt: string) =>
        call(t.app, 'POST', '/api/v3/user/signinfields.create', {
          token: u.token,
          body: {
            data: [
              { aid: photo.Data.id, fieldsExt },
              { aid: text.Data.id, fieldsExt: '' },
            ],
          },
        });
      const stolen = await submit(theirs.Data.url);
      expect(stolen.Code).toBe(-4001);
      expect(stolen.Message).toContain('证件照');
      expect((await submit('https://example.invalid/x.png')).Code).toBe(-4001);
      expect((await submit(up.Data.url)).Code).toBe(0);

      const answers = await call(t.app, 'GET', '/api/user/signinfields.list.v2', {
        token: admin,
        query: { userId: String(u.userId) },
      });
      expect(answers.Data.find((a: { aid: number }) => a.aid === photo.Data.id).fieldsExt).toBe(up.Data.url);
      const file = await t.app.inject({
        method: 'GET',
        url: up.Data.url,
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain('image/');
      // Another member (a normal account) cannot see it.
      const seen = await t.app.inject({
        method: 'GET',
        url: up.Data.url,
        headers: { authorization: `Bearer ${stranger.token}` },
      });
      expect(seen.statusCode).toBe(404);
    } finally {
      await asAdmin('/api/admin/signinfields.update.v2', { id: photo.Data.id, status: 0 });
      await asAdmin('/api/admin/signinfields.update.v2', { id: text.Data.id, status: 0 });
      await asAdmin('/api/backAdmin/settings.create', {
        data: [{ key: 'open_ext_fields', value: '0', tag: 'default' }],
      });
    }
  });
});
