import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let alice: { token: string; userId: number };
let bob: { token: string; userId: number };

beforeAll(async () => {
  t = await startTestApp();
  await t.app.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
  alice = await registerUser(t.app);
  bob = await registerUser(t.app);
}, 60_000);
afterAll(async () => t?.close());

async function create(token: string, title: string, text: string, extra: object = {}) {
  const r = await call(t.app, 'POST', '/api/v3/thread.create', {
    token,
    body: { categoryId: 1, title, content: { text }, ...extra },
  });
  expect(r.Code).toBe(0);
  return r.Data as { threadId: number };
}

interface Hit {
  threadId: number;
  title: string;
  highlight?: { title: string; content: string };
}

async function search(keyword: string, token?: string, scope = 2) {
  const r = await call<{ pageData: Hit[]; totalCount: number }>(t.app, 'GET', '/api/v3/thread.list', {
    token,
    query: { 'filter[search]': keyword, 'filter[sort]': '1', scope: String(scope), perPage: '50' },
  });
  return r;
}

describe('thread search', () => {
  let wallet: number;
  let lake: number;
  let draft: number;

  beforeAll(async () => {
    wallet = (
      await create(alice.token, '求助帖', '<p>今天在论坛里申请<b>钱包提现</b>，等了三天还没有到账。</p>')
    ).threadId;
    lake = (await create(bob.token, 'Travel notes', '<p>周末去杭州西湖旅游，和大家分享美食推荐。</p>'))
      .threadId;
    draft = (await create(alice.token, '草稿', '<p>草稿里也提到钱包提现</p>', { draft: true })).threadId;
  });

  it('finds a Chinese word inside the body (not the title), ranked and highlighted', async () => {
    const r = await search('提现');
    expect(r.Code).toBe(0);
    expect(r.Data.pageData.map((h) => h.threadId)).toEqual([wallet]);
    const hit = r.Data.pageData[0]!;
    expect(hit.highlight?.title).toBe('求助帖');
    expect(hit.highlight?.content).toContain('<mark>提现</mark>');
    expect(hit.highlight?.content).not.toContain('<b>');
    expect((await search('西湖 美食')).Data.pageData.map((h) => h.threadId)).toEqual([lake]);
    expect((await search('trav')).Data.pageData.map((h) => h.threadId)).toEqual([lake]);
    // Outside the search page the same filter applies (home box, topic lists).
    expect((await search('提现', undefined, 0)).Data.pageData.map((h) => h.threadId)).toEqual([wallet]);
  });

  it('keeps drafts to their author and re-indexes on edit', async () => {
    expect((await search('草稿', bob.token)).Data.pageData).toEqual([]);
    expect((await search('草稿', alice.token)).Data.pageData).toEqual([]);
    const edit = await call(t.app, 'POST', '/api/v3/thread.update', {
      token: bob.token,
      body: { threadId: lake, content: { text: '<p>改成去苏州园林拍照</p>' } },
    });
    expect(edit.Code).toBe(0);
    expect((await search('西湖')).Data.pageData).toEqual([]);
    expect((await search('园林')).Data.pageData.map((h) => h.threadId)).toEqual([lake]);
    expect(draft).toBeGreaterThan(0);
  });

  it('serves one-character and word-less queries by substring', async () => {
    // "账" is no token of its own (it sits inside 到账): only the substring fallback can find it.
    expect((await search('账')).Data.pageData.map((h) => h.threadId)).toEqual([wallet]);
    const marks = await create(alice.token, '符号 ++', '<p>C++ 与 ?!</p>');
    expect((await search('++')).Data.pageData.map((h) => h.threadId)).toEqual([marks.threadId]);
    expect((await search('++')).Data.pageData[0]!.highlight?.title).toBe('符号 <mark>++</mark>');
  });

  it('never lets tsquery operators or LIKE wildcards through', async () => {
    for (const q of [
      "a & | ! :* '",
      "'&|!:*()",
      "提现 & !钱包 | 'x':*",
      '%',
      '_',
      '\\',
      "'); DROP TABLE threads; --",
    ]) {
      const r = await search(q);
      expect([q, r.Code]).toEqual([q, 0]);
    }
    expect((await search('%')).Data.pageData).toEqual([]);
    expect((await search('提现 & !钱包')).Data.pageData.map((h) => h.threadId)).toEqual([wallet]);
  });

  it('escapes markup in highlighted titles', async () => {
    const x = await create(alice.token, '<img src=x onerror=alert(1)> 漏洞报告', '<p>正文</p>');
    const hit = (await search('漏洞')).Data.pageData.find((h) => h.threadId === x.threadId)!;
    expect(hit.highlight?.title).toBe('&lt;img src=x onerror=alert(1)&gt; <mark>漏洞</mark>报告');
  });
});
