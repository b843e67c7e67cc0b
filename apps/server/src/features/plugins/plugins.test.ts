import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';
import { sdkCompatible } from './plugin-discovery.js';
import { migrationProblem, statementsOf } from './plugin-db.js';

// Issue 11 §4–5 on the server: plugins found, loaded, migrated and switched at runtime; the first-party
// activity plugin's block type and routes; a probe plugin (in DATA_DIR/plugins) for hooks, filters, policies
// and settings; broken plugins reported while the site runs.

let t: TestApp;
let admin: string;
let member: { token: string; userId: number };

/** Writes a plugin package the way an uploaded one is laid out: plugin.json and server/index.js. */
function writePlugin(root: string, name: string, manifest: Record<string, unknown>, serverJs: string) {
  const dir = path.join(root, 'plugins', name);
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  writeFileSync(
    path.join(dir, 'plugin.json'),
    JSON.stringify({
      pluginName: name,
      version: '1.0.0',
      target: 'plugin_index',
      hookName: 'header_insert_after_hook',
      author: { name: 'Test', email: 't@example.invalid' },
      type: 0,
      appid: name,
      platform: ['pc', 'h5'],
      server: true,
      enabled: true,
      ...manifest,
    }),
  );
  writeFileSync(path.join(dir, 'server', 'index.js'), serverJs);
}

const PROBE = `
export default (sdk) => ({
  migrations: [{ id: '001', sql: 'create table plugin_probe_events (name text not null, thread_id integer)' }],
  settings: {
    schema: sdk.z.object({ greeting: sdk.z.string().max(20).default('hi'), secret: sdk.z.string().default('') }),
    public: ['greeting'],
  },
  hooks: {
    'thread.created': async (p, s) => {
      await s.db.query('insert into plugin_probe_events (name, thread_id) values ($1, $2)', ['thread.created', p.threadId]);
    },
  },
  filters: {
    'thread.beforeCreate': (v) => {
      if (v.title.includes('forbidden')) throw new sdk.PluginError(-4001, 'probe says no');
      return { ...v, title: v.title.replace('shout', 'SHOUT') };
    },
  },
  policies: { 'probe.special': (actor) => (actor.groupId === 10 ? 'allow' : 'abstain') },
  presenters: { thread: (t) => (t.title.includes('SHOUT') ? { loud: true, author: t.userId } : undefined) },
  routes: [
    { method: 'GET', path: 'events', input: sdk.z.object({}), handler: async (_i, { services }) =>
        services.db.query('select name, thread_id from plugin_probe_events order by thread_id') },
    { method: 'GET', path: 'special', auth: 'required', input: sdk.z.object({}), handler: async (_i, { actor, services }) =>
        ({ special: services.can(actor, 'probe.special'), greeting: services.settings().greeting }) },
  ],
});`;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forum-plugins-'));
  writePlugin(dataDir, 'probe', {}, PROBE);
  writePlugin(dataDir, 'too-new', { sdk: '^9.0.0' }, 'export default () => ({})');
  writePlugin(
    dataDir,
    'grabby',
    {},
    `export default () => ({ migrations: [{ id: '1', sql: 'alter table users add column x int' }] })`,
  );
  writePlugin(dataDir, 'crashy', {}, `throw new Error('boom at import')`);
  t = await startTestApp({ dataDir });
  await t.app.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
  admin = (await adminUser(t.app)).token;
  member = await registerUser(t.app);
});
afterAll(async () => t?.close());

const get = (token: string | undefined, p: string, query: Record<string, string | number> = {}) =>
  call(t.app, 'GET', p, {
    token,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
const post = (token: string | undefined, p: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', p, { token, body });

function activityThread(token: string, body: Record<string, unknown>) {
  const start = new Date(Date.now() + 86_400_000).toISOString();
  const end = new Date(Date.now() + 2 * 86_400_000).toISOString();
  return post(token, '/api/v3/thread.create', {
    categoryId: 1,
    title: '周末爬山',
    content: {
      text: '<p>一起去</p>',
      indexes: {
        'p-activity': {
          tomId: 'activity',
          body: { title: '爬山', activityStartAt: start, activityEndAt: end, address: '香山', ...body },
        },
      },
    },
  });
}

describe('plugin lifecycle', () => {
  it('lists loaded and broken plugins; the public list and the forum reply say which are on', async () => {
    const list = await get(admin, '/api/backAdmin/plugin/list');
    expect(list.Code).toBe(0);
    const names = list.Data.plugins.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['activity', 'probe', 'hello-banner']));
    const activity = list.Data.plugins.find((p: { name: string }) => p.name === 'activity');
    expect(activity).toMatchObject({ enabled: true, hasServer: true, permission: 'plugin.activity.insert' });
    expect(list.Data.plugins.find((p: { name: string }) => p.name === 'hello-banner').hasServer).toBe(false);
    const broken = Object.fromEntries(
      list.Data.broken.map((b: { name: string; problem: string }) => [b.name, b.problem]),
    );
    expect(broken['too-new']).toContain('needs SDK ^9.0.0');
    expect(broken.grabby).toContain('plugin tables are named plugin_grabby_');
    expect(broken.crashy).toContain('boom at import');
    expect(names).not.toContain('crashy');

    const pub = await get(undefined, '/api/v3/plugin/list');
    expect(pub.Data.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['activity', 'probe']),
    );
    expect(pub.Data.find((p: { name: string }) => p.name === 'probe').settings).toEqual({ greeting: 'hi' });
    const forum = await get(undefined, '/api/v3/forum');
    expect(forum.Data.plugins).toMatchObject({ activity: true, probe: true, 'hello-banner': true });

    expect((await get(member.token, '/api/backAdmin/plugin/list')).Code).toBe(-4002);
    for (const [path, body] of [
      ['/api/backAdmin/plugin/settings', { name: 'probe', settings: {} }],
      ['/api/backAdmin/plugin/permission.switch', { name: 'activity', groupId: 10, canInsert: true }],
    ] as const) {
      expect((await post(member.token, path, body)).Code, path).toBe(-4002);
      expect((await post(undefined, path, body)).Code, path).toBe(-4002);
    }
    expect(
      (await post(admin, '/api/backAdmin/plugin/permission.switch', { name: 'activity' })).Message,
    ).toContain('groupId');
    expect((await post(admin, '/api/backAdmin/plugin/settings', { name: 'probe' })).Message).toContain(
      'settings',
    );
    expect(
      (await post(member.token, '/api/backAdmin/plugin/operate', { name: 'probe', operate: 2 })).Code,
    ).toBe(-4002);
  });

  it('a disabled plugin stops at once (routes -4004, block refused) and comes back when enabled', async () => {
    await post(admin, '/api/backAdmin/plugin/permission.switch', {
      name: 'activity',
      groupId: 10,
      canInsert: true,
    });
    const off = await post(admin, '/api/backAdmin/plugin/operate', { name: 'activity', operate: 2 });
    expect(off.Data.enabled).toBe(false);
    expect((await get(undefined, '/api/v3/forum')).Data.plugins.activity).toBe(false);
    expect((await get(member.token, '/plugin/activity/api/signup.status', { threadId: 1 })).Code).toBe(-4004);
    const refused = await activityThread(member.token, {});
    expect(refused.Code).toBe(-4002);
    expect((await get(member.token, '/api/v3/tom.permissions', { categoryId: 1 })).Data.activity).toBe(false);
    const on = await post(admin, '/api/backAdmin/plugin/operate', { name: 'activity', operate: 1 });
    expect(on.Data.enabled).toBe(true);
    expect((await activityThread(member.token, {})).Code).toBe(0);
    expect((await post(admin, '/api/backAdmin/plugin/operate', { name: 'nope', operate: 1 })).Code).toBe(
      -4004,
    );
    expect(
      (await post(admin, '/api/backAdmin/plugin/operate', { name: 'probe', operate: 4 })).Message,
    ).toContain('operate');
  });

  it('settings are checked by the plugin schema; public keys reach visitors; hooks, filters and policies run', async () => {
    const bad = await post(admin, '/api/backAdmin/plugin/settings', {
      name: 'probe',
      settings: { greeting: 'x'.repeat(30) },
    });
    expect(bad.Code).toBe(-4001);
    expect(bad.Message).toContain('greeting');
    const saved = await post(admin, '/api/backAdmin/plugin/settings', {
      name: 'probe',
      settings: { greeting: '你好', secret: 's3' },
    });
    expect(saved.Data.settings).toEqual({ greeting: '你好', secret: 's3' });
    expect(saved.Data.settingsSchema.properties).toHaveProperty('greeting');
    const pub = await get(undefined, '/api/v3/plugin/list');
    expect(pub.Data.find((p: { name: string }) => p.name === 'probe').settings).toEqual({ greeting: '你好' });
    expect((await get(member.token, '/plugin/probe/api/special')).Data).toEqual({
      special: true,
      greeting: '你好',
    });
    expect((await get(admin, '/plugin/probe/api/special')).Data.special).toBe(true);
    expect((await get(undefined, '/plugin/probe/api/special')).Code).toBe(-3001);

    const refused = await post(member.token, '/api/v3/thread.create', {
      categoryId: 1,
      title: 'a forbidden title',
      content: { text: '<p>x</p>' },
    });
    expect([refused.Code, refused.Message]).toEqual([-4001, 'probe says no']);
    const made = await post(member.token, '/api/v3/thread.create', {
      categoryId: 1,
      title: 'please shout',
      content: { text: '<p>x</p>' },
    });
    expect(made.Data.title).toBe('please SHOUT');
    const shown = await get(undefined, '/api/v3/thread.detail', { threadId: made.Data.threadId });
    expect(shown.Data.extensions).toEqual({ probe: { loud: true, author: member.userId } });
    const list = await get(undefined, '/api/v3/thread.list', { perPage: 50 });
    const quiet = list.Data.pageData.find((x: { title: string }) => !x.title.includes('SHOUT'));
    expect(quiet.extensions).toBeUndefined();
    await expect
      .poll(async () => (await get(undefined, '/plugin/probe/api/events')).Data)
      .toContainEqual({ name: 'thread.created', thread_id: made.Data.threadId });
  });
});

describe('activity plugin', () => {
  it('members may post an activity once their group may insert it; the body is checked by its schema', async () => {
    await post(admin, '/api/backAdmin/plugin/permission.switch', {
      name: 'activity',
      groupId: 10,
      canInsert: false,
    });
    expect((await activityThread(member.token, {})).Code).toBe(-4002);
    const granted = await post(admin, '/api/backAdmin/plugin/permission.switch', {
      name: 'activity',
      groupId: 10,
      canInsert: true,
    });
    expect(granted.Data.groupIds).toContain(10);
    const wrong = await activityThread(member.token, {
      activityEndAt: new Date(Date.now() - 86_400_000).toISOString(),
    });
    expect(wrong.Code).toBe(-4001);
    expect(wrong.Message).toContain('activityEndAt');
    const ok = await activityThread(member.token, { totalNumber: 2 });
    expect(ok.Code, ok.Message).toBe(0);
    const block = Object.values(
      ok.Data.content.indexes as Record<string, { tomId: string; body: unknown }>,
    ).find((b) => b.tomId === 'activity');
    expect(block?.body).toMatchObject({ title: '爬山', totalNumber: 2, count: 0, isSignedUp: false });
    // Listed as a filter, and lists filter by it like a built-in block.
    const types = await get(undefined, '/api/v3/thread.typelist');
    expect(types.Data).toContainEqual({ name: '活动报名', type: 'activity' });
    const only = await get(undefined, '/api/v3/thread.list', { 'filter[types]': 'activity', perPage: 50 });
    const ids = only.Data.pageData.map((x: { threadId: number }) => x.threadId);
    expect(ids).toContain(ok.Data.threadId);
    for (const x of only.Data.pageData as Array<{ content: { indexes: Record<string, { tomId: unknown }> } }>)
      expect(Object.values(x.content.indexes).some((b) => b.tomId === 'activity')).toBe(true);
  });

  it('sign up, cancel, full at capacity; the organiser lists and exports; others may not', async () => {
    const author = await registerUser(t.app);
    const made = await activityThread(author.token, { totalNumber: 2 });
    const threadId = made.Data.threadId as number;
    const [a, b, c] = [await registerUser(t.app), await registerUser(t.app), await registerUser(t.app)];
    const signUp = (u: { token: string }) =>
      post(u.token, '/plugin/activity/api/signup.create', { threadId });
    expect((await signUp(a)).Data).toEqual({ count: 1, isSignedUp: true });
    expect((await signUp(a)).Data).toEqual({ count: 1, isSignedUp: true });
    expect((await signUp(b)).Data.count).toBe(2);
    const full = await signUp(c);
    expect([full.Code, full.Message]).toEqual([-4003, '名额已满']);
    // A plugin's refusal is in the reader's language (the site's language cookie).
    const fullEn = await call(t.app, 'POST', '/plugin/activity/api/signup.create', {
      token: c.token,
      body: { threadId },
      headers: { cookie: 'forum_lang=en' },
    });
    expect([fullEn.Code, fullEn.Message]).toEqual([-4003, 'Fully booked']);
    expect((await post(a.token, '/plugin/activity/api/signup.delete', { threadId })).Data).toEqual({
      count: 1,
      isSignedUp: false,
    });
    expect((await signUp(c)).Code).toBe(0);
    expect((await get(c.token, '/plugin/activity/api/signup.status', { threadId })).Data).toMatchObject({
      count: 2,
      isSignedUp: true,
      isOrganiser: false,
    });
    expect((await post(undefined, '/plugin/activity/api/signup.create', { threadId })).Code).toBe(-3001);
    expect(await signUp({ token: a.token })).toMatchObject({ Code: -4003 });

    const list = await get(author.token, '/plugin/activity/api/signups', { threadId });
    expect(list.Data.pageData.map((r: { userId: number }) => r.userId)).toEqual([b.userId, c.userId]);
    expect((await get(a.token, '/plugin/activity/api/signups', { threadId })).Code).toBe(-4002);
    expect((await get(admin, '/plugin/activity/api/signups', { threadId })).Code).toBe(0);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/plugin/activity/api/signups.export?threadId=${threadId}`,
      headers: { authorization: `Bearer ${author.token}` },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')).toHaveLength(3);
    expect(csv.body).toContain(`"${b.username}"`);
    expect(csv.body.split('\r\n')[0]).toContain('昵称');
    const csvEn = await t.app.inject({
      method: 'GET',
      url: `/plugin/activity/api/signups.export?threadId=${threadId}`,
      headers: { authorization: `Bearer ${author.token}`, 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(csvEn.body.split('\r\n')[0]).toContain('nickname');
    expect(csvEn.body.split('\r\n')[0]).not.toMatch(/[\u3400-\u9fff]/);
    expect((await get(author.token, '/plugin/activity/api/signups', { threadId: 'x' })).Code).toBe(-4001);
    expect((await get(author.token, '/plugin/activity/api/signups', { threadId: 999999 })).Code).toBe(-4004);
  });

  it('takes exactly its capacity when many sign up at once', async () => {
    const author = await registerUser(t.app);
    const threadId = (await activityThread(author.token, { totalNumber: 5 })).Data.threadId as number;
    const people = await Promise.all(Array.from({ length: 20 }, () => registerUser(t.app)));
    const results = await Promise.all(
      people.map((p) => post(p.token, '/plugin/activity/api/signup.create', { threadId })),
    );
    expect(results.filter((r) => r.Code === 0)).toHaveLength(5);
    expect(results.filter((r) => r.Code === -4003)).toHaveLength(15);
    expect((await get(author.token, '/plugin/activity/api/signups', { threadId })).Data.totalCount).toBe(5);
  });
});

describe('plugin rules', () => {
  it('checks SDK ranges, migration table names and statement splitting', () => {
    expect(sdkCompatible('^0.2.0', '0.2.3')).toBe(true);
    expect(sdkCompatible('^0.2.0', '0.3.0')).toBe(false);
    expect(sdkCompatible('^1.2.0', '1.4.0')).toBe(true);
    expect(sdkCompatible('^1.2.0', '2.0.0')).toBe(false);
    expect(sdkCompatible('0.2.x', '0.2.9')).toBe(true);
    expect(sdkCompatible('', '0.2.0')).toBe(true);
    expect(sdkCompatible('latest', '0.2.0')).toBe(false);
    expect(migrationProblem('a-b', 'create table plugin_a_b_x (id int)')).toBeNull();
    expect(migrationProblem('ab', 'create table users2 (id int)')).toContain('plugin_ab_');
    expect(migrationProblem('ab', 'create index i on users (id)')).toContain('users');
    expect(migrationProblem('ab', 'drop table if exists threads')).toContain('threads');
    expect(statementsOf("create table a (x text default 'a;b');\ncreate index i on a (x);")).toHaveLength(2);
  });
});

describe('installing a package while the site runs', () => {
  const manifest = (name: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      pluginName: name,
      version: '1.0.0',
      target: 'plugin_index',
      hookName: 'header_insert_after_hook',
      author: { name: 'Up', email: 'up@example.invalid' },
      type: 0,
      appid: name,
      platform: ['pc', 'h5'],
      server: true,
      enabled: true,
      ...extra,
    });
  const upload = async (files: Record<string, string>) => {
    const zip = zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)])));
    const boundary = `----pkg${Date.now()}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.zip"\r\nContent-Type: application/zip\r\n\r\n`,
      ),
      Buffer.from(zip),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/backAdmin/plugin/upload',
      payload,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${admin}`,
      },
    });
    return res.json() as { Code: number; Message: string; Data: { name: string; enabled: boolean } };
  };
  const SERVER = `export default (sdk) => ({ routes: [{ method: 'GET', path: 'ping', input: sdk.z.object({}),
    handler: async () => ({ pong: true }) }] });`;

  it('installs, serves its calls and web part at once; refuses unsafe or broken packages', async () => {
    expect((await get(undefined, '/plugin/hot/api/ping')).Code).toBe(-4004);
    const ok = await upload({
      'hot/plugin.json': manifest('hot'),
      'hot/server/index.js': SERVER,
      'hot/web/index.js': 'export default [];',
    });
    expect(ok.Code, ok.Message).toBe(0);
    expect(ok.Data).toMatchObject({ name: 'hot', enabled: true });
    expect((await get(undefined, '/plugin/hot/api/ping')).Data).toEqual({ pong: true });
    const forum = await get(undefined, '/api/v3/forum');
    expect(forum.Data.runtimePlugins).toContainEqual({
      name: 'hot',
      url: '/plugin-assets/hot/1.0.0/index.js',
    });
    const js = await t.app.inject({ method: 'GET', url: '/plugin-assets/hot/1.0.0/index.js' });
    expect([js.statusCode, js.headers['content-type']]).toEqual([200, 'text/javascript; charset=utf-8']);
    expect(
      (await t.app.inject({ method: 'GET', url: '/plugin-assets/hot/1.0.0/../plugin.json' })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/plugin-assets/activity/1.0.0/index.js' })).statusCode,
    ).toBe(404);

    expect((await upload({ 'hot/plugin.json': manifest('hot') })).Message).toContain('already installed');
    expect((await upload({ 'x/README.md': 'no manifest' })).Message).toContain('no plugin.json');
    expect(
      (await upload({ 'plugin.json': manifest('evil'), '../evil/server/index.js': SERVER })).Message,
    ).toContain('not allowed');
    expect((await upload({ 'plugin.json': manifest('exe'), 'server/run.sh': 'rm -rf /' })).Message).toContain(
      'not allowed',
    );
    expect((await upload({ 'plugin.json': '{"pluginName": ""}' })).Code).toBe(-4001);
    const broken = await upload({
      'plugin.json': manifest('broken-up'),
      'server/index.js': 'throw new Error("nope")',
    });
    expect([broken.Code, broken.Message]).toEqual([-4001, 'file: nope']);
    expect((await upload({ 'plugin.json': manifest('broken-up'), 'server/index.js': SERVER })).Code).toBe(0);

    // Removed from the admin: its calls go at once; installing it again works.
    const op = (name: string, operate: number) =>
      post(admin, '/api/backAdmin/plugin/operate', { name, operate });
    expect((await op('activity', 3)).Message).toContain('only plugins installed from the admin');
    expect((await op('hot', 3)).Code).toBe(0);
    expect((await get(undefined, '/plugin/hot/api/ping')).Code).toBe(-4004);
    expect((await get(undefined, '/api/v3/forum')).Data.plugins).not.toHaveProperty('hot');
    expect((await op('hot', 1)).Code).toBe(-4004);
    const again = await upload({ 'plugin.json': manifest('hot'), 'server/index.js': SERVER });
    expect(again.Code, again.Message).toBe(0);
    expect((await get(undefined, '/plugin/hot/api/ping')).Data).toEqual({ pong: true });
    const member = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/backAdmin/plugin/upload',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect((res.json() as { Code: number }).Code).toBe(-4002);
  });
});
