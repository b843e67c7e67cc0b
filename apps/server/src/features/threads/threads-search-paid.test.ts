import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';
import { reindexThreads } from './threads-reindex.js';

// A priced thread is indexed by its title and free part only: searching a word of the paid part must not
// reveal that the thread contains it (issue 12 §3).

let t: TestApp;
let admin: { token: string; userId: number };
let member: { token: string; userId: number };

beforeAll(async () => {
  t = await startTestApp();
  await t.app.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
  admin = await adminUser(t.app);
  member = await registerUser(t.app);
}, 60_000);
afterAll(async () => t?.close());

// 25 characters: with freeWords 0.5 the free part is exactly the first word.
const TEXT = '<p>visiblezebra hiddenwalrus</p>';

async function create(title: string, extra: object) {
  const r = await call(t.app, 'POST', '/api/v3/thread.create', {
    token: admin.token,
    body: { categoryId: 1, title, content: { text: TEXT }, ...extra },
  });
  expect(r.Code, r.Message).toBe(0);
  return (r.Data as { threadId: number }).threadId;
}

async function found(keyword: string, token?: string): Promise<number[]> {
  const r = await call<{ pageData: Array<{ threadId: number }> }>(t.app, 'GET', '/api/v3/thread.list', {
    token,
    query: { 'filter[search]': keyword, 'filter[sort]': '1', scope: '2', perPage: '50' },
  });
  expect(r.Code, r.Message).toBe(0);
  return r.Data.pageData.map((h) => h.threadId);
}

async function update(threadId: number, fields: object) {
  const r = await call(t.app, 'POST', '/api/v3/thread.update', {
    token: admin.token,
    body: { threadId, ...fields },
  });
  expect(r.Code, r.Message).toBe(0);
}

describe('search on priced threads', () => {
  let paid: number;
  let free: number;

  beforeAll(async () => {
    paid = await create('Pricedtitle', { price: 1, freeWords: 0.5 });
    free = await create('Freetitle', {});
  });

  it('finds the title and the free part, never a word only in the paid part', async () => {
    for (const token of [undefined, member.token, admin.token]) {
      expect(await found('visiblezebra', token)).toEqual(expect.arrayContaining([paid, free]));
      expect(await found('hiddenwalrus', token)).toEqual([free]);
      expect(await found('pricedtitle', token)).toEqual([paid]);
    }
    // Substring search (a one-character query) reads the same cut text.
    expect(await found('w')).not.toContain(paid);
  });

  it('re-indexes when the free words or the price change', async () => {
    await update(paid, { freeWords: 1 });
    expect(await found('hiddenwalrus')).toEqual(expect.arrayContaining([paid, free]));
    await update(paid, { freeWords: 0 });
    expect(await found('visiblezebra')).toEqual([free]);
    expect(await found('pricedtitle')).toEqual([paid]);
    await update(paid, { price: 0 });
    expect(await found('hiddenwalrus')).toEqual(expect.arrayContaining([paid, free]));
    await update(paid, { price: 2, freeWords: 0.5 });
    expect(await found('hiddenwalrus')).toEqual([free]);
  });

  it('search:reindex rebuilds an index written before the rule (or none, as imports leave)', async () => {
    const db = t.app.forum.database;
    await db.exec(
      `UPDATE threads SET search_text = '', search_vector = to_tsvector('simple', 'hiddenwalrus')`,
    );
    // Writes behind the services' back: drop the cached list pages as a running site's TTL would.
    const fresh = () => t.app.forum.guestCache.clearLocal();
    fresh();
    expect(await found('hiddenwalrus')).toEqual(expect.arrayContaining([paid, free]));
    expect(await reindexThreads(db.db, true)).toBe(1);
    fresh();
    expect(await found('hiddenwalrus')).toEqual([free]);
    expect(await found('visiblezebra')).toEqual([paid]);
    expect(await reindexThreads(db.db)).toBe(2);
    fresh();
    expect(await found('visiblezebra')).toEqual(expect.arrayContaining([paid, free]));
  });
});
