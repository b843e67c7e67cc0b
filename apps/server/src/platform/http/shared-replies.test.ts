import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThread, likeThread, registerUser, startTestApp, type TestApp } from '../../test/harness.js';

// Shared replies are stored compressed and members' lists are spliced from their group's template (issue 30):
// what is kept must still follow the reader's language, each member's own marks, and the original clients'
// reshaping, whichever coding the reader takes.
let t: TestApp;
type U = { token: string; userId: number };
let alice: U;
let bob: U;
let carol: U;
let liked: number;

const BROWSER = 'gzip, deflate, br';

/** A GET as a browser sends it; the body decoded from whatever coding came back. */
async function get(url: string, headers: Record<string, string>, token?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
  const raw = res.rawPayload;
  const enc = res.headers['content-encoding'];
  const text = (
    enc === 'br' ? zlib.brotliDecompressSync(raw) : enc === 'gzip' ? zlib.gunzipSync(raw) : raw
  ).toString('utf8');
  const body = JSON.parse(text) as { Code: number; Data: any };
  expect(body.Code, text.slice(0, 200)).toBe(0);
  return { enc, data: body.Data };
}

const list = '/api/v3/thread.list?perPage=20';
type Item = { threadId: number; diffTime: string; isLike: boolean; content: { text: string } };
const items = (data: any) => data.pageData as Item[];
const item = (data: any, id: number) => items(data).find((i) => i.threadId === id)!;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.forum.settings.set([{ key: 'thread_post_interval', value: '0', tag: 'default' }]);
  alice = await registerUser(t.app);
  bob = await registerUser(t.app);
  // A third member's thread: neither reader's own, so both get the group's items around their marks.
  carol = await registerUser(t.app);
  liked = await createThread(t.app, carol.token, '语言与标记');
  await likeThread(t.app, alice.token, liked);
});
afterAll(async () => t?.close());

describe('stored and spliced replies', () => {
  it('a guest list asked in English and in Chinese comes from two stored bodies, each in its language', async () => {
    for (let n = 0; n < 2; n++) {
      const en = await get(list, { 'accept-encoding': BROWSER, 'accept-language': 'en-US,en;q=0.9' });
      const zh = await get(list, { 'accept-encoding': BROWSER, 'accept-language': 'zh-CN,zh;q=0.9' });
      expect(en.enc).toBe('br');
      expect(item(en.data, liked).diffTime).toMatch(/just now|ago/);
      expect(item(zh.data, liked).diffTime).toMatch(/刚刚|前/);
    }
    // The language cookie wins over the header, on a hit as on a miss.
    const chosen = await get(list, {
      'accept-encoding': BROWSER,
      'accept-language': 'zh-CN',
      cookie: 'forum_lang=en',
    });
    expect(item(chosen.data, liked).diffTime).toMatch(/just now|ago/);
  });

  it("two members of one group get their own marks from the group's spliced list, kept or not", async () => {
    for (let n = 0; n < 2; n++) {
      const a = await get(list, { 'accept-encoding': BROWSER }, alice.token);
      const b = await get(list, { 'accept-encoding': BROWSER }, bob.token);
      expect(a.enc).toBe('gzip');
      expect(item(a.data, liked).isLike).toBe(true);
      expect(item(b.data, liked).isLike).toBe(false);
      // Apart from the marks, one group page.
      const unmarked = (d: any) => items(d).map((i) => ({ ...i, isLike: false }));
      expect(unmarked(a.data)).toEqual(unmarked(b.data));
    }
  });

  it("a member's kept list follows their language, and plain readers get the same items", async () => {
    const ask = (lang: string, enc: string) =>
      get(list, { 'accept-encoding': enc, 'accept-language': lang }, alice.token);
    for (let n = 0; n < 2; n++) {
      const en = await ask('en', BROWSER);
      const zh = await ask('zh-CN', BROWSER);
      expect(item(en.data, liked).diffTime).toMatch(/just now|ago/);
      expect(item(zh.data, liked).diffTime).toMatch(/刚刚|前/);
      expect(item(en.data, liked).isLike).toBe(true);
      const plain = await ask('en', 'identity');
      expect(plain.enc).toBeUndefined();
      expect(items(plain.data)).toEqual(items(en.data));
    }
  });

  it("the viewer overlay's threads follow the reader's language", async () => {
    const url = `/api/v3/viewer.overlay?threadIds=${liked}`;
    const en = await get(url, { 'accept-encoding': BROWSER, 'accept-language': 'en' }, alice.token);
    const zh = await get(url, { 'accept-encoding': BROWSER, 'accept-language': 'zh-CN' }, alice.token);
    expect(en.data.threads[0].diffTime).toMatch(/just now|ago/);
    expect(zh.data.threads[0].diffTime).toMatch(/刚刚|前/);
    expect(en.data.threads[0].isLike).toBe(true);
  });

  it("the original clients' list is reshaped from the stored JSON, for guests and members taking gzip", async () => {
    const topical = await createThread(t.app, carol.token, '原版客户端');
    await t.app.forum.database.exec(
      `UPDATE posts SET content = '<p><a class="topic" href="/topic/7">#旅行#</a></p>'
       WHERE thread_id = $1 AND is_first`,
      [topical],
    );
    await t.app.forum.guestCache.clear();
    const marked = `${list}&dzqSid=1&dzqPf=pc`;
    for (const token of [undefined, alice.token]) {
      // Ours first (it fills the shared entry, and a member's kept gzip), then the marked call, twice.
      const ours = await get(list, { 'accept-encoding': BROWSER }, token);
      expect(item(ours.data, topical).content.text).toContain('class="topic"');
      for (let n = 0; n < 2; n++) {
        const orig = await get(marked, { 'accept-encoding': BROWSER }, token);
        expect(item(orig.data, topical).content.text).toContain('<span id="topic" value="7">');
      }
      if (token) expect(item((await get(marked, {}, token)).data, liked).isLike).toBe(true);
    }
  });

  it('a member whose own thread is on the list gets it as theirs, kept until a write, in every coding', async () => {
    const own = await createThread(t.app, bob.token, '我自己的主题');
    type Own = Item & { title: string; ability: { canEdit: boolean } };
    const mine = (d: any) => items(d).find((i) => i.threadId === own) as Own;
    const first = await get(list, { 'accept-encoding': BROWSER }, bob.token);
    const again = await get(list, { 'accept-encoding': BROWSER }, bob.token);
    const plain = await get(list, {}, bob.token);
    expect(first.enc).toBe('gzip');
    expect(again.enc).toBe('gzip');
    expect(mine(first.data).ability.canEdit).toBe(true);
    expect(again.data).toEqual(first.data);
    expect(plain.data).toEqual(first.data);
    // Alice sees Bob's thread as the group does, with her own marks: nothing of Bob's kept reply.
    const other = await get(list, { 'accept-encoding': BROWSER }, alice.token);
    expect(mine(other.data).ability.canEdit).toBe(false);
    expect(item(other.data, liked).isLike).toBe(true);
    expect(item(first.data, liked).isLike).toBe(false);
    // A write (Bob likes Alice's liked thread) and his next read shows it.
    await likeThread(t.app, bob.token, liked);
    const after = await get(list, { 'accept-encoding': BROWSER }, bob.token);
    expect(item(after.data, liked).isLike).toBe(true);
    expect(mine(after.data).ability.canEdit).toBe(true);
  });
});
