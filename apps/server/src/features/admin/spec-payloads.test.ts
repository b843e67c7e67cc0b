import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';

// The spec's payload list (spec §3 entities, §5 "Call payloads") sent as the spec types it to each `.v2`
// call: numbers where it says number (group `isPaid`, sign-in field `required`), and the booleans our own
// admin sends; a wrong type is -4001 naming the field, a member -4002.

let t: TestApp;
let admin: string;
let member: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await adminUser(t.app)).token;
  member = (await registerUser(t.app)).token;
});
afterAll(async () => t?.close());

const post = (token: string | undefined, path: string, body: unknown) =>
  call(t.app, 'POST', path, { token, body: body as Record<string, unknown> });

/** The admin's call answers Code 0; the reply's Data. */
async function ok(path: string, body: unknown) {
  const r = await post(admin, path, body);
  expect(r.Code, `${path} ${JSON.stringify(body)}: ${r.Message}`).toBe(0);
  return r.Data;
}

/** -4001 naming the field. */
async function invalid(path: string, body: unknown, field: string) {
  const r = await post(admin, path, body);
  expect(r.Code, `${path} ${JSON.stringify(body)}`).toBe(-4001);
  expect(r.Message).toContain(field);
}

/** A member and a guest get -4002 for a payload the admin may send. */
async function forbidden(path: string, body: unknown) {
  expect((await post(member, path, body)).Code).toBe(-4002);
  expect((await post(undefined, path, body)).Code).toBe(-4002);
}

describe('spec payloads at the .v2 calls', () => {
  it('group create: isPaid, fee and days as numbers (spec), booleans too', async () => {
    const free = await ok('/api/groups.create.v2', {
      name: '数字组',
      type: 'member',
      color: '#333',
      icon: '',
      isPaid: 0,
      fee: 0,
      days: 0,
    });
    expect(free).toMatchObject({ name: '数字组', isPaid: false, fee: 0, days: 0 });
    const paid = await ok('/api/groups.create.v2', {
      name: '付费数字组',
      type: 'vip',
      color: '',
      icon: '',
      isPaid: 1,
      fee: 9.9,
      days: 30,
      level: 1,
    });
    expect(paid).toMatchObject({ isPaid: true, fee: 9.9, days: 30 });
    expect(await ok('/api/groups.create.v2', { name: '布尔组', isPaid: false })).toMatchObject({
      isPaid: false,
    });
    await invalid('/api/groups.create.v2', { name: 'x', isPaid: 2 }, 'isPaid');
    await invalid('/api/groups.create.v2', { name: 'x', isPaid: 'yes' }, 'isPaid');
    await invalid('/api/groups.create.v2', { name: 'x', days: '30' }, 'days');
    await invalid('/api/groups.create.v2', { name: 'x', fee: '9.9' }, 'fee');
    await forbidden('/api/groups.create.v2', { name: 'x', isPaid: 0 });
  });

  it('group batch update: id, name, type, scale; isSubordinate and isCommission as booleans or 0/1', async () => {
    const g = await ok('/api/groups.create.v2', { name: '批量组' });
    const [a] = await ok('/api/groups/batchupdate.v2', {
      data: [{ id: g.id, name: '批量组', type: 'x', scale: 2, isSubordinate: true, isCommission: false }],
    });
    expect(a).toMatchObject({ scale: 2, isSubordinate: true, isCommission: false });
    const [b] = await ok('/api/groups/batchupdate.v2', {
      data: [{ id: g.id, name: '批量组', type: 'x', scale: 3, isSubordinate: 0, isCommission: 1 }],
    });
    expect(b).toMatchObject({ scale: 3, isSubordinate: false, isCommission: true });
    await invalid(
      '/api/groups/batchupdate.v2',
      { data: [{ id: g.id, name: 'a', type: 'x', scale: 1, isCommission: 'on' }] },
      'isCommission',
    );
    await forbidden('/api/groups/batchupdate.v2', { data: [{ id: g.id, name: 'a', type: 'x', scale: 1 }] });
  });

  it('settings item: key, value number, tag; a boolean switch is stored as 1 / 0', async () => {
    const d = await ok('/api/settings.v2', {
      data: [{ key: 'register_validate', value: 1, tag: 'default' }],
    });
    expect(d.updated[0]).toMatchObject({ key: 'register_validate', value: '1' });
    const b = await ok('/api/settings.v2', {
      data: [{ key: 'register_validate', value: false, tag: 'default' }],
    });
    expect(b.updated[0].value).toBe('0');
    await invalid(
      '/api/settings.v2',
      { data: [{ key: 'register_validate', value: '1', tag: 'default' }] },
      'value',
    );
    await invalid('/api/settings.v2', { data: [{ key: 'register_validate', value: 1 }] }, 'tag');
    await forbidden('/api/settings.v2', { data: [{ key: 'register_validate', value: 1, tag: 'default' }] });
  });

  it('permission update: permissions array and groupId number', async () => {
    const g = await ok('/api/groups.create.v2', { name: '权限组' });
    const d = await ok('/api/permission.v2', { permissions: ['viewThreads', 'createThread'], groupId: g.id });
    expect(d.permissions).toEqual(expect.arrayContaining(['viewThreads', 'createThread']));
    await invalid('/api/permission.v2', { permissions: ['viewThreads'], groupId: String(g.id) }, 'groupId');
    await forbidden('/api/permission.v2', { permissions: [], groupId: g.id });
  });

  it('sign-in field create with every spec field (required a number) and status update', async () => {
    const f = await ok('/api/admin/signinfields.create.v2', {
      name: '职业',
      type: 0,
      fieldsExt: '',
      fieldsDesc: '你的职业',
      remark: '',
      sort: 2,
      status: 1,
      required: 1,
    });
    expect(f).toMatchObject({ name: '职业', required: true, status: 1, fieldsDesc: '你的职业' });
    const g = await ok('/api/admin/signinfields.create.v2', {
      name: '爱好',
      type: 1,
      sort: 3,
      required: false,
    });
    expect(g.required).toBe(false);
    expect(await ok('/api/admin/signinfields.update.v2', { id: f.id, status: -1 })).toMatchObject({
      status: -1,
    });
    await invalid(
      '/api/admin/signinfields.create.v2',
      { name: 'x', type: 0, sort: 1, required: 3 },
      'required',
    );
    await invalid(
      '/api/admin/signinfields.create.v2',
      { name: 'x', type: 0, sort: 1, status: '1' },
      'status',
    );
    await invalid('/api/admin/signinfields.create.v2', { name: 'x', type: 0, sort: 1, remark: 5 }, 'remark');
    await invalid('/api/admin/signinfields.update.v2', { id: f.id, status: '1' }, 'status');
    await forbidden('/api/admin/signinfields.create.v2', { name: 'x', type: 0, sort: 1, required: 0 });
    await forbidden('/api/admin/signinfields.update.v2', { id: f.id, status: 1 });
  });

  it('stop words batch: {data: {type, words, overwrite}}', async () => {
    const d = await ok('/api/stop-words/batch.v2', {
      data: { type: 'ugc', words: ['规格词A', '规格词B={BANNED}'], overwrite: true },
    });
    expect(d).toMatchObject({ created: 2 });
    expect(
      await ok('/api/stop-words/batch.v2', { data: { type: 'ugc', words: ['规格词A={MOD}'], overwrite: 1 } }),
    ).toMatchObject({ updated: 1 });
    await invalid('/api/stop-words/batch.v2', { data: { type: 'ugc', words: [] } }, 'words');
    await invalid(
      '/api/stop-words/batch.v2',
      { data: { type: 'ugc', words: ['x'], overwrite: 'maybe' } },
      'overwrite',
    );
    await forbidden('/api/stop-words/batch.v2', { data: { type: 'ugc', words: ['x'] } });
  });

  it('notification template: typeName string', async () => {
    const list = await call(t.app, 'GET', '/api/notification.v2/tpl', {
      token: admin,
      query: { name: '', typeStatus: '' },
    });
    const typeName = list.Data[0].typeName as string;
    const d = await call(t.app, 'GET', '/api/notification.v2/tpl/detail', {
      token: admin,
      query: { typeName },
    });
    expect(d.Code).toBe(0);
    expect(d.Data[0].typeName).toBe(typeName);
    const none = await call(t.app, 'GET', '/api/notification.v2/tpl/detail', { token: admin, query: {} });
    expect(none.Code).toBe(-4001);
    expect(none.Message).toContain('typeName');
    expect(
      (await call(t.app, 'GET', '/api/notification.v2/tpl/detail', { token: member, query: { typeName } }))
        .Code,
    ).toBe(-4002);
  });
});
