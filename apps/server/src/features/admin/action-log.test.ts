import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';

// The admin action log's filters (by administrator, kind of action and UTC day) and each row's kind.

let t: TestApp;
let first: { token: string; userId: number; username: string };
let second: { token: string; userId: number; username: string };
let member: string;

beforeAll(async () => {
  t = await startTestApp();
  first = await adminUser(t.app);
  second = await adminUser(t.app);
  member = (await registerUser(t.app)).token;
  const post = (token: string, path: string, body: Record<string, unknown>) =>
    call(t.app, 'POST', path, { token, body });
  // The same kind through the `.v2` path and its backAdmin alias, and two other kinds.
  expect((await post(first.token, '/api/groups.create.v2', { name: '日志组一' })).Code).toBe(0);
  expect((await post(first.token, '/api/backAdmin/groups.create', { name: '日志组二' })).Code).toBe(0);
  expect((await post(first.token, '/api/backAdmin/stopwords.batch', { words: ['日志词'] })).Code).toBe(0);
  expect((await post(second.token, '/api/groups.create.v2', { name: '日志组三' })).Code).toBe(0);
});
afterAll(async () => t?.close());

type Row = { username: string; action: string | null; path: string; input: { name?: string } };
const log = async (query: Record<string, string>, token = first.token) =>
  call<{ pageData: Row[]; totalCount: number }>(t.app, 'GET', '/api/backAdmin/actions', { token, query });

describe('admin action log', () => {
  it('each row names its kind; the filters narrow by administrator, kind and day, together', async () => {
    const all = await log({});
    expect(all.Code).toBe(0);
    expect(all.Data.pageData.map((r) => r.action)).toEqual(
      expect.arrayContaining(['group.create', 'stopWords.import']),
    );
    const groups = await log({ action: 'group.create' });
    // Both paths of the call (the `.v2` name and its alias) are the one kind.
    expect(groups.Data.pageData.map((r) => r.input.name).sort()).toEqual([
      '日志组一',
      '日志组三',
      '日志组二',
    ]);
    expect(new Set(groups.Data.pageData.map((r) => r.path))).toEqual(
      new Set(['/api/groups.create.v2', '/api/backAdmin/groups.create']),
    );
    const mine = await log({ userId: String(second.userId) });
    expect(mine.Data.pageData.map((r) => r.input.name)).toEqual(['日志组三']);
    expect(mine.Data.totalCount).toBe(1);
    const both = await log({ userId: String(first.userId), action: 'stopWords.import' });
    expect(both.Data.pageData).toHaveLength(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await log({ day: today })).Data.totalCount).toBe(all.Data.totalCount);
    expect((await log({ day: '2001-01-01' })).Data.totalCount).toBe(0);
    const admins = await call<Array<{ userId: number; username: string }>>(
      t.app,
      'GET',
      '/api/backAdmin/actions.admins',
      { token: first.token },
    );
    expect(admins.Data.map((a) => a.userId).sort()).toEqual([first.userId, second.userId].sort());
  });

  it('refuses an unknown kind, a malformed day and a non-numeric administrator: -4001 naming the field', async () => {
    for (const [query, field] of [
      [{ action: 'nope' }, 'action'],
      [{ day: '2026-13-45' }, 'day'],
      [{ day: 'yesterday' }, 'day'],
      [{ userId: 'abc' }, 'userId'],
    ] as const) {
      const r = await log(query);
      expect(r.Code, JSON.stringify(query)).toBe(-4001);
      expect(r.Message).toContain(field);
    }
  });

  it('is for administrators only', async () => {
    expect((await log({ action: 'group.create' }, member)).Code).toBe(-4002);
    const guest = await call(t.app, 'GET', '/api/backAdmin/actions', { query: {} });
    expect(guest.Code).toBe(-4002);
    expect((await call(t.app, 'GET', '/api/backAdmin/actions.admins', { token: member })).Code).toBe(-4002);
  });
});
