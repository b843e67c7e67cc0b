import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminUser,
  call,
  createThread,
  registerUser,
  startTestApp,
  type TestApp,
} from '../../test/harness.js';

let t: TestApp;
let admin: string;
let member: { token: string; userId: number };

beforeAll(async () => {
  t = await startTestApp();
  admin = (await adminUser(t.app)).token;
  member = await registerUser(t.app);
});
afterAll(async () => t?.close());

const as = (
  token: string | undefined,
  method: 'GET' | 'POST',
  path: string,
  data: Record<string, unknown> = {},
) =>
  method === 'GET'
    ? call(t.app, 'GET', path, {
        token,
        query: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])),
      })
    : call(t.app, 'POST', path, { token, body: data });

/** Each call: a valid payload passes for the admin; the member, a guest and the backAdmin twin's member get -4002. */
async function denied(method: 'GET' | 'POST', path: string, data: Record<string, unknown> = {}) {
  expect((await as(member.token, method, path, data)).Code, `${path} member`).toBe(-4002);
  expect((await as(undefined, method, path, data)).Code, `${path} guest`).toBe(-4002);
}

/** An invalid payload: -4001 naming the field. */
async function invalid(method: 'GET' | 'POST', path: string, data: Record<string, unknown>, field: string) {
  const r = await as(admin, method, path, data);
  expect(r.Code, `${path} ${JSON.stringify(data)}`).toBe(-4001);
  expect(r.Message).toContain(field);
}

describe('admin calls', () => {
  it('settings.v2: numbers at .v2, text at backAdmin, rules and cross-field rules, public site follows', async () => {
    const ok = await as(admin, 'POST', '/api/settings.v2', {
      data: [{ key: 'thread_post_interval', value: 5, tag: 'default' }],
    });
    expect(ok.Code).toBe(0);
    expect(
      (await as(admin, 'GET', '/api/settings.v2', { key: 'thread_post_interval', tag: 'default' })).Data
        .value,
    ).toBe('5');
    await invalid('POST', '/api/settings.v2', {}, 'data');
    await invalid(
      'POST',
      '/api/settings.v2',
      { data: [{ key: 'site_name', value: 'x', tag: 'default' }] },
      'value',
    );
    await invalid('POST', '/api/settings.v2', { data: [{ value: 1, tag: 'default' }] }, 'key');
    await invalid('POST', '/api/settings.v2', { data: [{ key: 'site_close', value: 1 }] }, 'tag');
    await invalid(
      'POST',
      '/api/settings.v2',
      { data: [{ key: 'password_length', value: 3, tag: 'default' }] },
      'password_length',
    );
    await invalid('GET', '/api/settings.v2', { tag: 'default' }, 'key');
    await invalid('GET', '/api/settings.v2', { key: 'site_name' }, 'tag');
    await denied('POST', '/api/settings.v2', {
      data: [{ key: 'thread_post_interval', value: 5, tag: 'default' }],
    });
    await denied('GET', '/api/settings.v2', { key: 'site_name', tag: 'default' });
    await denied('POST', '/api/backAdmin/settings.create', {
      data: [{ key: 'site_name', value: 'x', tag: 'default' }],
    });

    const named = await as(admin, 'POST', '/api/backAdmin/settings.create', {
      data: [{ key: 'site_name', value: '管理员改的名字', tag: 'default' }],
    });
    expect(named.Code).toBe(0);
    expect((await call(t.app, 'GET', '/api/v3/forum')).Data.setSite.siteName).toBe('管理员改的名字');
    // A paid site needs a price; a closed site needs a message (the original's cross-field rules).
    await invalid(
      'POST',
      '/api/backAdmin/settings.create',
      { data: [{ key: 'site_mode', value: 'pay', tag: 'default' }] },
      'site_price',
    );
    await invalid(
      'POST',
      '/api/backAdmin/settings.create',
      { data: [{ key: 'site_close', value: true, tag: 'default' }] },
      'site_close_msg',
    );
    const list = await as(admin, 'GET', '/api/backAdmin/settings');
    expect(list.Data.find((s: { key: string }) => s.key === 'site_name').value).toBe('管理员改的名字');
  });

  it('logo.v2 and delete.logo.v2; siteinfo.v2', async () => {
    expect(
      (await as(admin, 'POST', '/api/settings/logo.v2', { logo: '/api/v3/attachments/x', type: 'logo' })).Data
        .value,
    ).toBe('/api/v3/attachments/x');
    expect((await call(t.app, 'GET', '/api/v3/forum')).Data.setSite.siteLogo).toBe('/api/v3/attachments/x');
    await invalid('POST', '/api/settings/logo.v2', { type: 'logo' }, 'logo');
    await invalid('POST', '/api/settings/logo.v2', { logo: '/a.png' }, 'type');
    await invalid('POST', '/api/settings/logo.v2', { logo: 'javascript:alert(1)', type: 'logo' }, 'logo');
    await denied('POST', '/api/settings/logo.v2', { logo: '/a.png', type: 'logo' });
    expect((await as(admin, 'POST', '/api/settings/delete.logo.v2', { type: 'logo' })).Data.value).toBe('');
    await invalid('POST', '/api/settings/delete.logo.v2', {}, 'type');
    await denied('POST', '/api/settings/delete.logo.v2', { type: 'logo' });
    // A file upload: re-encoded, public, cached for good; a favicon comes out 64 px square.
    const { default: sharp } = await import('sharp');
    const png = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#28f' } })
      .png()
      .toBuffer();
    const upload = (token: string, type: string, data: Buffer) => {
      const boundary = '----logo' + Date.now();
      return t.app.inject({
        method: 'POST',
        url: `/api/backAdmin/settings/logo.upload?type=${type}`,
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          data,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          authorization: `Bearer ${token}`,
        },
      });
    };
    const fav = (await upload(admin, 'favicon', png)).json();
    expect(fav.Data.value).toMatch(/^\/api\/v3\/site-files\/favicon-[0-9a-f]{12}\.png$/);
    const file = await t.app.inject({ method: 'GET', url: fav.Data.value });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toContain('immutable');
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ width: 64, height: 64 });
    expect((await call(t.app, 'GET', '/api/v3/forum')).Data.setSite.siteFavicon).toBe(fav.Data.value);
    expect((await upload(admin, 'favicon', Buffer.from('<svg onload=alert(1)>'))).json().Code).toBe(-4001);
    expect((await upload(member.token, 'logo', png)).json().Code).toBe(-4002);
    expect((await t.app.inject({ method: 'GET', url: '/api/v3/site-files/../../x' })).statusCode).toBe(404);
    const info = await as(admin, 'GET', '/api/siteinfo.v2');
    expect(info.Data).toMatchObject({ version: expect.any(String), counts: { users: expect.any(Number) } });
    await denied('GET', '/api/siteinfo.v2');
    const chart = await as(admin, 'GET', '/api/backAdmin/statistic/firstChart', { days: 30 });
    expect(chart.Data.days).toHaveLength(30);
    // Today's column counts today's new users (at least the admin and the member of this file).
    expect(chart.Data.users.at(-1)).toBeGreaterThanOrEqual(2);
    await invalid('GET', '/api/backAdmin/statistic/firstChart', { days: 1000 }, 'days');
    await denied('GET', '/api/backAdmin/statistic/firstChart');
  });

  it('groups: create, read with permissions, batch update (spec payload), grant a permission a member then uses, delete', async () => {
    const created = await as(admin, 'POST', '/api/groups.create.v2', {
      name: '版主',
      type: 'moderator',
      color: '#f60',
      isPaid: false,
      fee: 9.9,
      days: 30,
    });
    expect(created.Code).toBe(0);
    expect(created.Data).toMatchObject({ name: '版主', fee: 9.9, days: 30, isPreset: false });
    const id = created.Data.id as number;
    await invalid('POST', '/api/groups.create.v2', {}, 'name');
    await invalid('POST', '/api/groups.create.v2', { name: 'x', fee: 'free' }, 'fee');
    await denied('POST', '/api/groups.create.v2', { name: 'x' });

    const upd = await as(admin, 'POST', '/api/groups/batchupdate.v2', {
      data: [{ id, name: '版主们', type: 'moderator', scale: 3 }],
    });
    expect(upd.Data[0]).toMatchObject({ name: '版主们', scale: 3 });
    await invalid('POST', '/api/groups/batchupdate.v2', {}, 'data');
    await invalid('POST', '/api/groups/batchupdate.v2', { data: [{ name: 'a', type: 'b', scale: 1 }] }, 'id');
    await invalid('POST', '/api/groups/batchupdate.v2', { data: [{ id, type: 'b', scale: 1 }] }, 'name');
    await invalid('POST', '/api/groups/batchupdate.v2', { data: [{ id, name: 'a', scale: 1 }] }, 'type');
    await invalid('POST', '/api/groups/batchupdate.v2', { data: [{ id, name: 'a', type: 'b' }] }, 'scale');
    await denied('POST', '/api/groups/batchupdate.v2', { data: [{ id, name: 'a', type: 'b', scale: 1 }] });
    expect(
      (await as(admin, 'POST', '/api/backAdmin/groups.batchupdate', { data: [{ id, color: '#09f' }] }))
        .Data[0].color,
    ).toBe('#09f');

    const base = await as(admin, 'GET', '/api/group.resource.v2', { id: 10, include: 'permission' });
    const perms = [...(base.Data.permissions as string[]), 'thread.sticky'];
    const granted = await as(admin, 'POST', '/api/permission.v2', { groupId: id, permissions: perms });
    expect(granted.Data.permissions).toContain('thread.sticky');
    await invalid('POST', '/api/permission.v2', { permissions: [] }, 'groupId');
    await invalid('POST', '/api/permission.v2', { groupId: id, permissions: 'thread.sticky' }, 'permissions');
    await denied('POST', '/api/permission.v2', { groupId: id, permissions: [] });
    expect(
      (await as(admin, 'GET', '/api/group.resource.v2', { id, include: 'permission' })).Data.permissions,
    ).toContain('thread.sticky');
    await invalid('GET', '/api/group.resource.v2', {}, 'id');
    await denied('GET', '/api/group.resource.v2', { id });

    // A member moved into the group can pin a thread.
    await t.app.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
    const threadId = await createThread(t.app, member.token, '版主置顶');
    const pin = () =>
      call(t.app, 'POST', '/api/v3/threads/operate', {
        token: member.token,
        body: { threadId, isSticky: true },
      });
    expect((await pin()).Code).toBe(-4002);
    await t.app.forum.database.exec('UPDATE group_user SET group_id = $1 WHERE user_id = $2', [
      id,
      member.userId,
    ]);
    await t.app.forum.users.sessionsChanged();
    expect((await pin()).Code).toBe(0);

    const list = await as(admin, 'GET', '/api/groups.list.v2');
    expect(list.Data.find((g: { id: number }) => g.id === id).userCount).toBe(1);
    await denied('GET', '/api/groups.list.v2');
    await invalid('POST', '/api/groups.batchdelete.v2', { ids: 12 }, 'ids');
    await invalid('POST', '/api/groups.batchdelete.v2', { ids: '1' }, 'ids');
    await denied('POST', '/api/groups.batchdelete.v2', { ids: String(id) });
    expect((await as(admin, 'POST', '/api/groups.batchdelete.v2', { ids: String(id) })).Data.deleted).toEqual(
      [id],
    );
    // Its member is back in the default group.
    expect(
      (await t.app.forum.database.exec('SELECT group_id FROM group_user WHERE user_id = $1', [member.userId]))
        .rows[0],
    ).toEqual({ group_id: 10 });
  });

  it('sign-in fields: create, list, read, status, user answers; a new user is held at -3007 until they answer', async () => {
    const f = await as(admin, 'POST', '/api/admin/signinfields.create.v2', {
      name: '真实姓名',
      type: 0,
      sort: 1,
      required: true,
    });
    expect(f.Code).toBe(0);
    await invalid('POST', '/api/admin/signinfields.create.v2', { type: 0, sort: 1 }, 'name');
    await invalid('POST', '/api/admin/signinfields.create.v2', { name: 'x', sort: 1 }, 'type');
    await invalid('POST', '/api/admin/signinfields.create.v2', { name: 'x', type: 0 }, 'sort');
    await denied('POST', '/api/admin/signinfields.create.v2', { name: 'x', type: 0, sort: 1 });
    expect(
      (await as(admin, 'GET', '/api/admin/signinfields.list.v2')).Data.map((x: { id: number }) => x.id),
    ).toContain(f.Data.id);
    await denied('GET', '/api/admin/signinfields.list.v2');
    expect((await as(admin, 'GET', '/api/admin/signinfields.resource.v2', { id: f.Data.id })).Data.name).toBe(
      '真实姓名',
    );
    await invalid('GET', '/api/admin/signinfields.resource.v2', {}, 'id');
    await denied('GET', '/api/admin/signinfields.resource.v2', { id: f.Data.id });
    await invalid('POST', '/api/admin/signinfields.update.v2', { status: 1 }, 'id');
    await invalid('POST', '/api/admin/signinfields.update.v2', { id: f.Data.id }, 'status');
    await denied('POST', '/api/admin/signinfields.update.v2', { id: f.Data.id, status: 1 });
    expect(
      (await as(admin, 'POST', '/api/admin/signinfields.update.v2', { id: f.Data.id, status: 1 })).Data
        .status,
    ).toBe(1);

    await as(admin, 'POST', '/api/backAdmin/settings.create', {
      data: [{ key: 'open_ext_fields', value: '1', tag: 'default' }],
    });
    const u = await registerUser(t.app);
    expect((await call(t.app, 'GET', '/api/v3/thread.list', { token: u.token })).Code).toBe(-3007);
    const mine = await call(t.app, 'GET', '/api/v3/user/signinfields.list', { token: u.token });
    expect(mine.Data[0]).toMatchObject({ name: '真实姓名', answer: null });
    expect(
      (
        await call(t.app, 'POST', '/api/v3/user/signinfields.create', {
          token: u.token,
          body: { data: [{ aid: f.Data.id, fieldsExt: '' }] },
        })
      ).Code,
    ).toBe(-4001);
    const sent = await call(t.app, 'POST', '/api/v3/user/signinfields.create', {
      token: u.token,
      body: { data: [{ aid: f.Data.id, fieldsExt: '张三' }] },
    });
    expect(sent.Data.userStatus).toBe(0);
    expect((await call(t.app, 'GET', '/api/v3/thread.list', { token: u.token })).Code).toBe(0);
    const answers = await as(admin, 'GET', '/api/user/signinfields.list.v2', { userId: String(u.userId) });
    expect(answers.Data[0]).toMatchObject({ name: '真实姓名', fieldsExt: '张三', status: 1 });
    await invalid('GET', '/api/user/signinfields.list.v2', {}, 'userId');
    await denied('GET', '/api/user/signinfields.list.v2', { userId: String(u.userId) });
    await as(admin, 'POST', '/api/backAdmin/settings.create', {
      data: [{ key: 'open_ext_fields', value: '0', tag: 'default' }],
    });
  });

  it('notification templates: list, detail, edit used by the next notification', async () => {
    const list = await as(admin, 'GET', '/api/notification.v2/tpl', { name: '回复', typeStatus: '' });
    const tpl = list.Data.find((x: { noticeId: string }) => x.noticeId === 'content.replied');
    expect(tpl).toBeTruthy();
    await invalid('GET', '/api/notification.v2/tpl', { typeStatus: '1' }, 'name');
    await invalid('GET', '/api/notification.v2/tpl', { name: '' }, 'typeStatus');
    await denied('GET', '/api/notification.v2/tpl', { name: '', typeStatus: '' });
    const detail = await as(admin, 'GET', '/api/notification.v2/tpl/detail', { typeName: tpl.typeName });
    expect(detail.Data[0].content).toContain('{username}');
    await invalid('GET', '/api/notification.v2/tpl/detail', {}, 'typeName');
    await denied('GET', '/api/notification.v2/tpl/detail', { typeName: tpl.typeName });
    await as(admin, 'POST', '/api/backAdmin/notification/tpl/update', {
      id: tpl.id,
      content: '新回复：{content}',
    });
    const author = await registerUser(t.app);
    const threadId = await createThread(t.app, author.token, '模板测试');
    await call(t.app, 'POST', '/api/v3/posts.create', {
      token: admin,
      body: { id: threadId, content: '你好' },
    });
    const n = await call(t.app, 'GET', '/api/v3/notification', {
      token: author.token,
      query: { 'filter[type]': 'replied' },
    });
    expect(n.Data.pageData[0].content).toBe('新回复：你好');
  });

  it('logs every admin write with who and from where, secrets masked; the log is admin-only', async () => {
    await as(admin, 'POST', '/api/backAdmin/settings.create', {
      data: [{ key: 'wx_app_secret', value: 'top-secret', tag: 'wx' }],
    });
    const log = await as(admin, 'GET', '/api/backAdmin/actions');
    expect(log.Data.totalCount).toBeGreaterThan(5);
    const last = log.Data.pageData[0];
    expect(last).toMatchObject({ path: '/api/backAdmin/settings.create', username: expect.any(String) });
    expect(JSON.stringify(last.input)).not.toContain('top-secret');
    expect((await as(admin, 'GET', '/api/backAdmin/settings', { tag: 'wx' })).Data[0].value).toBe('******');
    await denied('GET', '/api/backAdmin/actions');
  });

  it('review queue: a thread held by a stop word is listed with its words, passed, its author told; replies ignored or deleted and restored', async () => {
    await t.app.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
    await as(admin, 'POST', '/api/backAdmin/stopwords.batch', { words: ['待审词={MOD}'], overwrite: true });
    const author = await registerUser(t.app);
    const held = await call(t.app, 'POST', '/api/v3/thread.create', {
      token: author.token,
      body: { categoryId: 1, title: '含待审词的帖子', content: { text: '<p>这里有待审词</p>' } },
    });
    expect(held.Data.isApproved).toBe(0);
    const queue = await as(admin, 'GET', '/api/backAdmin/manage.thread.list', {
      isApproved: 0,
      isDeleted: 'false',
    });
    const item = queue.Data.pageData.find((x: { id: number }) => x.id === held.Data.threadId);
    expect(item).toMatchObject({ kind: 'thread', modWords: ['待审词'], author: { userId: author.userId } });
    await denied('GET', '/api/backAdmin/manage.thread.list', { isApproved: 0 });
    await denied('POST', '/api/backAdmin/manage.submit.review', {
      kind: 'thread',
      ids: [held.Data.threadId],
      action: 'pass',
    });
    await invalid(
      'POST',
      '/api/backAdmin/manage.submit.review',
      { kind: 'thread', ids: [held.Data.threadId], action: 'approve' },
      'action',
    );
    await invalid(
      'POST',
      '/api/backAdmin/manage.submit.review',
      { kind: 'thread', ids: [], action: 'pass' },
      'ids',
    );
    const before = (await call(t.app, 'GET', '/api/v3/user', { token: author.token })).Data.threadCount;
    const passed = await as(admin, 'POST', '/api/backAdmin/manage.submit.review', {
      kind: 'thread',
      ids: [held.Data.threadId],
      action: 'pass',
      reason: '',
    });
    expect(passed.Data.done).toEqual([held.Data.threadId]);
    expect((await call(t.app, 'GET', '/api/v3/user', { token: author.token })).Data.threadCount).toBe(
      before + 1,
    );
    const seen = await call(t.app, 'GET', '/api/v3/thread.detail', {
      query: { threadId: String(held.Data.threadId) },
    });
    expect(seen.Code).toBe(0);
    const told = await call(t.app, 'GET', '/api/v3/notification', {
      token: author.token,
      query: { 'filter[type]': 'system' },
    });
    expect(told.Data.pageData[0]).toMatchObject({ event: 'content.approved', threadId: held.Data.threadId });

    const reply = await call(t.app, 'POST', '/api/v3/posts.create', {
      token: member.token,
      body: { id: held.Data.threadId, content: '回复里的待审词' },
    });
    const replies = await as(admin, 'GET', '/api/backAdmin/manage.posts.list', { isApproved: 0 });
    expect(replies.Data.pageData.map((p: { id: number }) => p.id)).toContain(reply.Data.id);
    await as(admin, 'POST', '/api/backAdmin/manage.submit.review', {
      kind: 'post',
      ids: [reply.Data.id],
      action: 'ignore',
      reason: '广告',
    });
    const rejected = await call(t.app, 'GET', '/api/v3/notification', {
      token: member.token,
      query: { 'filter[type]': 'system' },
    });
    expect(rejected.Data.pageData[0]).toMatchObject({ event: 'content.rejected' });
    expect(rejected.Data.pageData[0].content).toContain('广告');
    await as(admin, 'POST', '/api/backAdmin/manage.submit.review', {
      kind: 'thread',
      ids: [held.Data.threadId],
      action: 'delete',
      reason: '重复',
    });
    const bin = await as(admin, 'GET', '/api/backAdmin/manage.thread.list', { isDeleted: 'true' });
    expect(bin.Data.pageData.map((x: { id: number }) => x.id)).toContain(held.Data.threadId);
    expect((await call(t.app, 'GET', '/api/v3/user', { token: author.token })).Data.threadCount).toBe(before);
    await as(admin, 'POST', '/api/backAdmin/manage.submit.review', {
      kind: 'thread',
      ids: [held.Data.threadId],
      action: 'restore',
    });
    expect((await call(t.app, 'GET', '/api/v3/user', { token: author.token })).Data.threadCount).toBe(
      before + 1,
    );
  });

  it('users: search, detail, move to a group, ban with a reason and unban, review pending, remove avatar, export CSV', async () => {
    const u = await registerUser(t.app, 'find_me_user');
    const found = await as(admin, 'GET', '/api/backAdmin/users', { 'filter[username]': 'find_me' });
    expect(found.Data.pageData.map((x: { id: number }) => x.id)).toEqual([u.userId]);
    await denied('GET', '/api/backAdmin/users');
    expect((await as(admin, 'GET', '/api/backAdmin/user', { userId: u.userId })).Data).toMatchObject({
      username: 'find_me_user',
      groupId: 10,
    });
    await invalid('GET', '/api/backAdmin/user', { userId: 'x' }, 'userId');

    const banned = await as(admin, 'POST', '/api/backAdmin/users/update.user', {
      userId: u.userId,
      status: 1,
      reason: '灌水',
    });
    expect(banned.Data).toMatchObject({ status: 1, reason: '灌水' });
    const blocked = await call(t.app, 'GET', '/api/v3/thread.list', { token: u.token });
    expect(blocked.Code).toBe(-4009);
    await as(admin, 'POST', '/api/backAdmin/users/update.user', { userId: u.userId, status: 0 });
    expect((await call(t.app, 'GET', '/api/v3/thread.list', { token: u.token })).Code).toBe(0);
    const told = await call(t.app, 'GET', '/api/v3/notification', {
      token: u.token,
      query: { 'filter[type]': 'system' },
    });
    expect(told.Data.pageData.map((n: { event: string }) => n.event)).toEqual(
      expect.arrayContaining(['user.banned', 'user.unbanned']),
    );
    await invalid('POST', '/api/backAdmin/users/update.user', { userId: u.userId, status: 2 }, 'status');
    await denied('POST', '/api/backAdmin/users/update.user', { userId: u.userId, status: 1 });
    const adminId = (await call(t.app, 'GET', '/api/v3/user', { token: admin })).Data.userId;
    await invalid('POST', '/api/backAdmin/users/update.user', { userId: adminId, status: 1 }, 'userId');

    await t.app.forum.settings.set([{ key: 'register_validate', tag: 'default', value: '1' }]);
    const pending = await registerUser(t.app);
    await t.app.forum.settings.set([{ key: 'register_validate', tag: 'default', value: '0' }]);
    expect((await call(t.app, 'GET', '/api/v3/thread.list', { token: pending.token })).Code).toBe(-3003);
    const list = await as(admin, 'GET', '/api/backAdmin/users', { 'filter[status]': 2 });
    expect(list.Data.pageData.map((x: { id: number }) => x.id)).toContain(pending.userId);
    expect(
      (await as(admin, 'POST', '/api/backAdmin/users/examine', { data: [{ id: pending.userId, status: 0 }] }))
        .Data.done,
    ).toEqual([pending.userId]);
    expect((await call(t.app, 'GET', '/api/v3/thread.list', { token: pending.token })).Code).toBe(0);
    await invalid('POST', '/api/backAdmin/users/examine', { data: [] }, 'data');
    await denied('POST', '/api/backAdmin/users/examine', { data: [{ id: pending.userId, status: 0 }] });

    await t.app.forum.database.exec(`UPDATE users SET avatar = '/x.png', nickname = '=cmd()' WHERE id = $1`, [
      u.userId,
    ]);
    expect(
      (await as(admin, 'POST', '/api/backAdmin/delete/users/avatar', { userId: u.userId })).Data.avatarUrl,
    ).toBe('');
    await denied('POST', '/api/backAdmin/delete/users/avatar', { userId: u.userId });
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/backAdmin/export/users?filter[username]=find_me',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\uFEFFid,username')).toBe(true);
    // A formula-looking cell is defused.
    expect(csv.body).toContain(`"'=cmd()"`);
    await denied('GET', '/api/backAdmin/export/users');
  });
});
