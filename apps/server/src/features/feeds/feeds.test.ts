import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('sitemap, RSS and robots', () => {
  it('list public threads only, escaped, with excerpts', async () => {
    const admin = await adminUser(t.app);
    const alice = await registerUser(t.app);
    const pub = await call(t.app, 'POST', '/api/v3/thread.create', {
      token: alice.token,
      body: {
        categoryId: 1,
        title: 'Tom & Jerry <3 钱包',
        content: { text: '<p>正文 <b>加粗</b> &amp; more</p>' },
      },
    });
    expect(pub.Code).toBe(0);
    const draft = await call(t.app, 'POST', '/api/v3/thread.create', {
      token: admin.token,
      body: { categoryId: 1, title: '草稿不该出现', content: { text: '<p>draft</p>' }, draft: true },
    });
    expect(draft.Code).toBe(0);

    const sm = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'forum.example' } });
    expect(sm.statusCode).toBe(200);
    expect(sm.headers['content-type']).toMatch(/application\/xml/);
    expect(sm.body).toContain(`<loc>http://forum.example/thread/${pub.Data.threadId}</loc>`);
    expect(sm.body).not.toContain(`/thread/${draft.Data.threadId}<`);

    const rss = await t.app.inject({ method: 'GET', url: '/rss.xml', headers: { host: 'forum.example' } });
    expect(rss.headers['content-type']).toMatch(/application\/rss\+xml/);
    expect(rss.body).toContain('<title>Tom &amp; Jerry &lt;3 钱包</title>');
    expect(rss.body).toContain('<description>正文 加粗 &amp; more</description>');
    expect(rss.body).not.toContain('草稿不该出现');
    expect(rss.body).not.toMatch(/<b>/);

    const robots = await t.app.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { host: 'forum.example' },
    });
    expect(robots.body).toContain('Sitemap: http://forum.example/sitemap.xml');
  });
});
