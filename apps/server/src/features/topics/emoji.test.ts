import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('emoji', () => {
  it('every URL of GET emoji is absolute and answers an image with an immutable cache', async () => {
    const list = await call(t.app, 'GET', '/api/v3/emoji', { headers: { host: 'forum.test' } });
    expect(list.Code).toBe(0);
    const items = list.Data as Array<{ url: string; code: string }>;
    expect(items.length).toBeGreaterThanOrEqual(30);
    for (const e of items) {
      expect(e.url).toMatch(/^http:\/\/forum\.test\/emoji\/qq\/[a-z0-9_]+\.svg$/);
      const res = await t.app.inject({ method: 'GET', url: new URL(e.url).pathname });
      expect(res.statusCode, e.code).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toContain('immutable');
      expect(res.payload.startsWith('<svg')).toBe(true);
    }
  });

  it('the site URL setting decides the base; old .gif names still answer; unknown names are 404', async () => {
    await t.app.forum.settings.set([{ key: 'site_url', tag: 'default', value: 'https://bbs.example.org/' }]);
    const list = await call(t.app, 'GET', '/api/v3/emoji');
    expect((list.Data as Array<{ url: string }>)[0]!.url).toMatch(
      /^https:\/\/bbs\.example\.org\/emoji\/qq\//,
    );
    expect((await t.app.inject({ method: 'GET', url: '/emoji/qq/smile.gif' })).statusCode).toBe(200);
    for (const bad of ['/emoji/qq/nope.svg', '/emoji/qq/..%2Fpackage.json', '/emoji/qq/smile.exe'])
      expect((await t.app.inject({ method: 'GET', url: bad })).statusCode, bad).toBe(404);
  });
});

describe('emoji in posts', () => {
  it('a known :code: in a thread or a reply becomes its picture; unknown codes, code blocks and links stay text', async () => {
    await t.app.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
    const author = await registerUser(t.app);
    const created = await call(t.app, 'POST', '/api/v3/thread.create', {
      token: author.token,
      body: {
        categoryId: 1,
        title: '表情测试',
        content: { text: '<p>开心 :smile: 和 :nope: <code>:smile:</code></p>' },
      },
    });
    expect(created.Code).toBe(0);
    const threadId = created.Data.threadId as number;
    const detail = await call(t.app, 'GET', '/api/v3/thread.detail', {
      token: author.token,
      query: { threadId: String(threadId) },
    });
    const html = detail.Data.content.text as string;
    expect(html).toContain('<img class="emoji" src="/emoji/qq/smile.svg" alt=":smile:">');
    expect(html).toContain(':nope:');
    expect(html).toContain('<code>:smile:</code>');
    const reply = await call(t.app, 'POST', '/api/v3/posts.create', {
      token: author.token,
      body: { id: threadId, content: '回复 :heart:' },
    });
    expect(reply.Code).toBe(0);
    const posts = await call(t.app, 'GET', '/api/v3/posts.list', {
      token: author.token,
      query: { 'filter[thread]': String(threadId) },
    });
    expect(JSON.stringify(posts.Data)).toContain('alt=\\":heart:\\"');
  });
});
