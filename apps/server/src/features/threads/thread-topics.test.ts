import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../platform/content/sanitize.js';
import { call, registerUser, startTestApp, type TestApp } from '../../test/harness.js';
import { linkTopics } from '../topics/index.js';

let t: TestApp;
let alice: { token: string; userId: number };

beforeAll(async () => {
  t = await startTestApp();
  await t.app.forum.settings.set([{ key: 'thread_post_interval', tag: 'default', value: '0' }]);
  alice = await registerUser(t.app);
});
afterAll(async () => t?.close());

const create = (text: string) =>
  call(t.app, 'POST', '/api/v3/thread.create', {
    token: alice.token,
    body: { categoryId: 1, title: '话题', content: { text } },
  });

async function topicId(name: string): Promise<number> {
  const r = await call(t.app, 'GET', '/api/v3/topics.list', { query: { 'filter[content]': name } });
  const hit = (r.Data.pageData as Array<{ topicId: number; content: string }>).find(
    (x) => x.content === name,
  );
  if (!hit) throw new Error(`topic ${name} not listed`);
  return hit.topicId;
}

const links = (html: string) => html.match(/<a [^>]*class="topic"[^>]*>/g) ?? [];

describe('#topic# links in thread content', () => {
  it('links #美食# to its topic page', async () => {
    const r = await create('<p>今天吃 #美食# 了</p>');
    expect(r.Code).toBe(0);
    const id = await topicId('美食');
    const html: string = r.Data.content.text;
    expect(html).toContain(`href="/topic/${id}"`);
    expect(html).toMatch(/<a [^>]*class="topic"[^>]*>#美食#<\/a>/);
    const d = await call(t.app, 'GET', '/api/v3/thread.detail', {
      query: { threadId: String(r.Data.threadId) },
    });
    expect(d.Data.content.text).toBe(html);
  });

  it('stores a topic with markup or quotes harmlessly', async () => {
    const r = await create(
      '<p>#&lt;script&gt;alert(1)&lt;/script&gt;#</p><p>#a"b\' onmouseover=x#</p><p>#x&amp;y#</p>',
    );
    expect(r.Code).toBe(0);
    const html: string = r.Data.content.text;
    expect(html).not.toMatch(/<script/i);
    // The quote stays text inside the link: no attribute is made of it.
    for (const tag of html.match(/<[a-z][^>]*>/gi) ?? []) expect(tag).not.toMatch(/onmouseover/i);
    expect(sanitizeHtml(html)).toBe(html);
    const quoted = await topicId(`a"b' onmouseover=x`);
    expect(html).toContain(`href="/topic/${quoted}"`);
    expect(html).toMatch(new RegExp(`href="/topic/${await topicId('x&y')}"[^>]*>#x&amp;y#</a>`));
  });

  it('keeps one link per occurrence when the thread is edited', async () => {
    const r = await create('<p>#编辑# 一次</p>');
    const first: string = r.Data.content.text;
    const edit = await call(t.app, 'POST', '/api/v3/thread.update', {
      token: alice.token,
      body: { threadId: r.Data.threadId, content: { text: `${first}<p>再来 #编辑#</p>` } },
    });
    expect(edit.Code).toBe(0);
    const html: string = edit.Data.content.text;
    expect(links(html)).toHaveLength(2);
    expect(html).not.toMatch(/<a [^>]*>\s*<a /);
    const again = await call(t.app, 'POST', '/api/v3/thread.update', {
      token: alice.token,
      body: { threadId: r.Data.threadId, content: { text: html } },
    });
    expect(again.Data.content.text).toBe(html);
  });

  it('leaves attributes, code and unknown names alone', () => {
    const ids = new Map([['美食', 7]]);
    expect(linkTopics('<p><img alt="#美食#" src="/a.png"></p>', ids)).not.toContain('/topic/7');
    expect(linkTopics('<pre><code>#美食#</code></pre>', ids)).not.toContain('/topic/7');
    expect(linkTopics('<p>#别的#</p>', ids)).toBe('<p>#别的#</p>');
    expect(linkTopics('<p>a&nbsp;#美食#</p>', ids)).toMatch(/^<p>a&nbsp;<a /);
  });
});
