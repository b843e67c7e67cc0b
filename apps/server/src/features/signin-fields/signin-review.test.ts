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
      await asAdmin('/api/backAdmin/settings.create', {
        data: [
          { key: 'open_ext_fields', value: '0', tag: 'default' },
          { key: 'register_validate', value: '0', tag: 'default' },
        ],
      });
    }
  });
});
