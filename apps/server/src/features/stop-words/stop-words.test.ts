import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';
import { stopWordsOf } from './index.js';

let t: TestApp;
let admin: { token: string };
let member: { token: string };

beforeAll(async () => {
  t = await startTestApp();
  admin = await adminUser(t.app);
  member = await registerUser(t.app);
}, 60_000);
afterAll(async () => t?.close());

describe('stop-words admin calls', () => {
  it('imports a batch and reports created, updated and unique', async () => {
    const r = await call(t.app, 'POST', '/api/backAdmin/stopwords.batch', {
      token: admin.token,
      body: { words: ['坏蛋', '代{2}考={MOD}', '毒品={BANNED}|{BANNED}', '坏蛋=好人'], overwrite: false },
    });
    expect(r.Code).toBe(0);
    expect(r.Data).toEqual({ created: 3, updated: 0, unique: 3 });
    const again = await call(t.app, 'POST', '/api/stop-words/batch.v2', {
      token: admin.token,
      body: { data: { type: 'batch', words: ['坏蛋=坏人', '新词'], overwrite: true } },
    });
    expect(again.Data).toEqual({ created: 1, updated: 1, unique: 2 });
    const skip = await call(t.app, 'POST', '/api/backAdmin/stopwords.batch', {
      token: admin.token,
      body: { words: '坏蛋=别的\n', overwrite: false },
    });
    expect(skip.Data).toEqual({ created: 0, updated: 0, unique: 1 });
  });

  it('applies the stored words at once (cache reloaded on change)', () => {
    const sw = stopWordsOf({ app: t.app, database: t.app.forum.database, bus: t.app.forum.bus });
    expect(sw.check('ugc', '你是坏蛋')).toEqual({ text: '你是坏人', action: 'ok', words: ['坏蛋'] });
    expect(sw.check('ugc', '代人考试').action).toBe('review');
    expect(sw.check('username', '毒品哥').action).toBe('banned');
    expect(() => sw.enforce('ugc', '卖毒品')).toThrow(/毒品/);
  });

  it('lists with a keyword filter and deletes', async () => {
    const list = await call(t.app, 'GET', '/api/stop-words.v2', {
      token: admin.token,
      query: { 'filter[keyword]': '坏' },
    });
    expect(list.Code).toBe(0);
    expect(list.Data.totalCount).toBe(1);
    const item = list.Data.pageData[0];
    expect(item).toMatchObject({ find: '坏蛋', replacement: '坏人', ugc: '{REPLACE}', username: '{IGNORE}' });
    const del = await call(t.app, 'POST', '/api/backAdmin/stopwords.delete', {
      token: admin.token,
      body: { id: item.id },
    });
    expect(del.Data).toEqual({ deleted: 1 });
    const sw = stopWordsOf({ app: t.app, database: t.app.forum.database, bus: t.app.forum.bus });
    expect(sw.check('ugc', '坏蛋').action).toBe('ok');
    expect(sw.check('ugc', '坏蛋').words).toEqual([]);
    const all = await call(t.app, 'GET', '/api/backAdmin/stopwords.list', { token: admin.token });
    const v2 = await call(t.app, 'DELETE', '/api/stop-words.v2', {
      token: admin.token,
      body: { data: { id: all.Data.pageData.map((w: { id: number }) => w.id) } },
    });
    expect(v2.Data.deleted).toBe(all.Data.totalCount);
  });

  it('refuses members and guests alike (-4002, before reading the input), and rejects an empty batch (-4001)', async () => {
    const m = await call(t.app, 'POST', '/api/backAdmin/stopwords.batch', {
      token: member.token,
      body: { words: ['x'] },
    });
    expect([m.status, m.Code]).toEqual([403, -4002]);
    const l = await call(t.app, 'GET', '/api/stop-words.v2', { token: member.token });
    expect(l.Code).toBe(-4002);
    const g = await call(t.app, 'GET', '/api/stop-words.v2');
    expect(g.Code).toBe(-4002);
    const bad = await call(t.app, 'POST', '/api/backAdmin/stopwords.batch', {
      token: member.token,
      body: {},
    });
    expect(bad.Code).toBe(-4002);
    const e = await call(t.app, 'POST', '/api/backAdmin/stopwords.batch', {
      token: admin.token,
      body: { words: [] },
    });
    expect(e.Code).toBe(-4001);
  });

  it('exports every word in the import format, which imports back unchanged; admin only', async () => {
    const lines = [
      '导出词一',
      '导出词二=替换词',
      '导出词三={MOD}',
      '导出词四={BANNED}|{IGNORE}|{IGNORE}|{IGNORE}|{BANNED}',
    ];
    const words = Array.from({ length: 60 }, (_, i) => `批量导出${i}`);
    const imported = await call(t.app, 'POST', '/api/backAdmin/stopwords.batch', {
      token: admin.token,
      body: { words: [...lines, ...words], overwrite: true },
    });
    expect(imported.Code).toBe(0);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/backAdmin/stopWords/export',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body.split('\n');
    // All of them, not just a page.
    expect(text.filter((l) => l.startsWith('批量导出'))).toHaveLength(60);
    expect(text).toContain('导出词二=替换词');
    expect(text).toContain('导出词四={BANNED}|{IGNORE}|{IGNORE}|{IGNORE}|{BANNED}');
    const again = await call(t.app, 'POST', '/api/backAdmin/stopwords.batch', {
      token: admin.token,
      body: { words: text, overwrite: true },
    });
    expect(again.Data.created).toBe(0);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/backAdmin/stopWords/export',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(after.body).toBe(res.body);
    const denied = await call(t.app, 'GET', '/api/backAdmin/stopWords/export', { token: member.token });
    expect(denied.Code).toBe(-4002);
  });
});
