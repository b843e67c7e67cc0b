import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noChromiumReason, startForum, type RunningForum } from './support/forum-server.ts';

// Shared replies are stored compressed once and sent as they are (issue 30): a guest's page or list, and a
// member's copy of their group's page or list with only their own part added. These pin what that must keep:
// every coding decodes to the same text, two members of one group get the same stored bytes, and no member's
// part ever reaches another.

let forum: RunningForum;
let threadId = 0;
let replyId = 0;
const tokens: Record<'author' | 'alice' | 'bob' | 'carol', string> = {
  author: '',
  alice: '',
  bob: '',
  carol: '',
};

interface Raw {
  status: number;
  encoding: string;
  bytes: Buffer;
  text: string;
}

/** How a reply came: on a connection used before, and the cookies it set. */
interface Sent {
  reused: boolean;
  setCookie: string[];
}

/** GET with the exact bytes kept (fetch would decode them); `agent` pins the connection it goes on. */
function get(path: string, headers: Record<string, string>, agent?: http.Agent): Promise<Raw & Sent> {
  return new Promise((resolve, reject) => {
    const req = http
      .get(forum.url + path, { headers, ...(agent ? { agent } : {}) }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const encoding = String(res.headers['content-encoding'] ?? 'identity');
          const plain =
            encoding === 'br'
              ? zlib.brotliDecompressSync(bytes)
              : encoding === 'gzip'
                ? zlib.gunzipSync(bytes)
                : bytes;
          resolve({
            status: res.statusCode ?? 0,
            encoding,
            bytes,
            text: plain.toString('utf8'),
            reused: req.reusedSocket,
            setCookie: res.headers['set-cookie'] ?? [],
          });
        });
      })
      .on('error', reject);
  });
}

async function post(path: string, body: unknown, token: string) {
  const res = await fetch(forum.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { Code: number; Message: string; Data: Record<string, number> };
  expect(json.Code, `${path}: ${json.Message}`).toBe(0);
  return json.Data;
}

const asMember = (who: keyof typeof tokens, encoding?: string): Record<string, string> => ({
  cookie: `access_token=${tokens[who]}`,
  ...(encoding ? { 'accept-encoding': encoding } : {}),
});
const asGuest = (encoding?: string): Record<string, string> =>
  encoding ? { 'accept-encoding': encoding } : {};

/** An API reply without what differs per reply (its request id and time). */
const steady = (text: string) => text.replace(/,"RequestId":"[^"]*","RequestTime":"[^"]*"/, '');

const OVERLAY_OPEN = '<script type="application/json" id="forum-overlay">';

/** A member page's own part: the overlay block at its end. */
function overlayOf(html: string): {
  user: { id: number; username: string; group: { id: number } };
  threads: any[];
  posts: any[];
} {
  const at = html.indexOf(OVERLAY_OPEN);
  expect(at).toBeGreaterThan(0);
  const json = html.slice(at + OVERLAY_OPEN.length, html.indexOf('</script>', at));
  return JSON.parse(json).Data;
}

/** How many leading bytes two buffers share. */
function commonPrefix(a: Buffer, b: Buffer): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

describe.skipIf(noChromiumReason)(
  `stored compressed replies${noChromiumReason ? ` (skipped: ${noChromiumReason})` : ''}`,
  () => {
    beforeAll(async () => {
      forum = await startForum();
      await forum.setSettings({ thread_post_interval: '0' });
      for (const who of Object.keys(tokens) as Array<keyof typeof tokens>) {
        const res = await fetch(forum.url + '/api/v3/users/username.register', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: `sb${who}${process.pid % 1000}`, password: 'secret123' }),
        });
        const json = (await res.json()) as { Code: number; Data: { accessToken: string } };
        expect(json.Code).toBe(0);
        tokens[who] = json.Data.accessToken;
      }
      // Someone else's thread and reply, so all three readers see them as their group's.
      const t = await post(
        '/api/v3/thread.create',
        { categoryId: 1, title: '压缩存储测试', content: { text: '<p>共享页面与个人部分。</p>' } },
        tokens.author,
      );
      threadId = t.threadId!;
      replyId = (
        await post('/api/v3/posts.create', { id: threadId, content: '<p>一楼回复</p>' }, tokens.author)
      ).id!;
      // Alice's marks: she likes the thread and the reply, and favourites the thread. Bob and Carol mark nothing.
      await post('/api/v3/posts.update', { postId: t.postId, isLiked: true }, tokens.alice);
      await post('/api/v3/posts.update', { postId: replyId, isLiked: true }, tokens.alice);
      await post('/api/v3/threads/operate', { threadId, isFavorite: true }, tokens.alice);
    });
    afterAll(async () => {
      await forum?.close();
    });

    it('a guest page decodes to the same HTML as brotli, gzip and identity, and is sent as stored', async () => {
      const path = `/thread/${threadId}`;
      await get(path, asGuest('br'));
      const [br, br2, gz, plain] = [
        await get(path, asGuest('gzip, deflate, br')),
        await get(path, asGuest('br')),
        await get(path, asGuest('gzip')),
        await get(path, asGuest()),
      ];
      expect([br.encoding, gz.encoding, plain.encoding]).toEqual(['br', 'gzip', 'identity']);
      expect(br.text).toContain('压缩存储测试');
      expect(gz.text).toBe(br.text);
      expect(plain.text).toBe(br.text);
      // The same stored bytes every time, not compressed per request.
      expect(br2.bytes.equals(br.bytes)).toBe(true);
      expect(br.bytes.length).toBeLessThan(plain.bytes.length / 3);
    });

    it("two members of one group get the group's stored bytes, each with only their own part", async () => {
      const path = `/thread/${threadId}`;
      for (const encoding of ['br', 'gzip']) {
        await get(path, asMember('bob', encoding));
        const [a, b, c] = [
          await get(path, asMember('alice', encoding)),
          await get(path, asMember('bob', encoding)),
          await get(path, asMember('carol', encoding)),
        ];
        for (const r of [a, b, c]) expect(r.encoding).toBe(encoding);
        // Apart from the overlay at the end, the decoded pages are the group's one page.
        const shared = (html: string) => html.slice(0, html.indexOf(OVERLAY_OPEN));
        expect(shared(a.text)).toBe(shared(b.text));
        expect(shared(c.text)).toBe(shared(b.text));
        // And so are the bytes: all but the member's part (at most its length plus the framing) are shared.
        for (const [x, y] of [
          [a, b],
          [b, c],
        ] as const) {
          const own = Buffer.byteLength(x.text.slice(x.text.indexOf(OVERLAY_OPEN)));
          expect(commonPrefix(x.bytes, y.bytes)).toBeGreaterThanOrEqual(x.bytes.length - own - 16);
        }
        // Each member's part is theirs: their user, their marks, nobody else's.
        const [oa, ob, oc] = [overlayOf(a.text), overlayOf(b.text), overlayOf(c.text)];
        expect(oa.user.username).toMatch(/^sbalice/);
        expect(ob.user.username).toMatch(/^sbbob/);
        expect(oc.user.username).toMatch(/^sbcarol/);
        expect(oa.threads.find((t) => t.threadId === threadId)).toMatchObject({
          isLike: true,
          isFavorite: true,
        });
        expect(oa.posts.find((p) => p.id === replyId)).toMatchObject({ isLiked: true });
        for (const o of [ob, oc]) {
          expect(o.threads.some((t) => t.isLike || t.isFavorite)).toBe(false);
          expect(o.posts.some((p) => p.isLiked)).toBe(false);
        }
        // (The page itself may name Alice: her like is public, in the thread's likers.)
        const own = (html: string) => html.slice(html.indexOf(OVERLAY_OPEN));
        expect(own(b.text)).not.toContain('sbalice');
        expect(own(c.text)).not.toContain('sbalice');
        expect(own(a.text)).not.toContain('sbbob');
      }
      // Without compression the member's page decodes to the same document.
      const plain = await get(path, asMember('alice'));
      const br = await get(path, asMember('alice', 'br'));
      expect(plain.encoding).toBe('identity');
      expect(plain.text).toBe(br.text);
    });

    it("members' lists: the group's template with each member's marks, in every coding", async () => {
      const path = '/api/v3/thread.list?page=1&perPage=10&filter%5Bsort%5D=1';
      const item = (text: string) =>
        (JSON.parse(text).Data.pageData as any[]).find((t) => t.threadId === threadId);
      await get(path, asMember('bob', 'gzip'));
      const [a, b, c] = [
        await get(path, asMember('alice', 'gzip, deflate, br')),
        await get(path, asMember('bob', 'gzip, deflate, br')),
        await get(path, asMember('carol', 'gzip, deflate, br')),
      ];
      for (const r of [a, b, c]) expect(r.encoding).toBe('gzip');
      expect(item(a.text)).toMatchObject({ isLike: true, isFavorite: true });
      expect(item(b.text)).toMatchObject({ isLike: false, isFavorite: false });
      // Bob and Carol have the same marks: the same bytes but for the reply's own id and time at the end.
      const tail = Buffer.byteLength(b.text) - b.text.lastIndexOf(',"RequestId"');
      expect(commonPrefix(b.bytes, c.bytes)).toBeGreaterThanOrEqual(b.bytes.length - tail - 16);
      // Plain and gzip say the same; so do a guest's three codings.
      const plain = await get(path, asMember('alice'));
      expect(plain.encoding).toBe('identity');
      expect(JSON.parse(steady(plain.text))).toEqual(JSON.parse(steady(a.text)));
      const guest = await Promise.all(['br', 'gzip', ''].map((e) => get(path, asGuest(e || undefined))));
      expect(guest.map((g) => g.encoding)).toEqual(['br', 'gzip', 'identity']);
      for (const g of guest) expect(steady(g.text)).toBe(steady(guest[2]!.text));
      expect(item(guest[0]!.text)).toMatchObject({ isLike: false, isFavorite: false });
    });

    it('a page asked in English and in Chinese comes from two stored bodies, each with its own overlay', async () => {
      const EN = /just now|ago/;
      const ZH = /刚刚|前/;
      // A page's language is the member's chosen one (the cookie), never the browser's: so is its overlay's.
      const asks: Array<{ lang: string; headers: Record<string, string>; diff: RegExp }> = [
        { lang: 'en', headers: { 'accept-language': 'zh-CN,zh;q=0.9', cookie: 'forum_lang=en' }, diff: EN },
        {
          lang: 'zh-CN',
          headers: { 'accept-language': 'en-US,en;q=0.9', cookie: 'forum_lang=zh' },
          diff: ZH,
        },
        { lang: 'zh-CN', headers: { 'accept-language': 'en-US,en;q=0.9' }, diff: ZH },
      ];
      for (const path of ['/', `/thread/${threadId}`]) {
        // Twice: a miss renders and stores, the next is sent from what is stored (before Fastify when kept).
        for (let n = 0; n < 2; n++) {
          for (const ask of asks) {
            const guest = await get(path, { ...asGuest('br'), ...ask.headers });
            expect(guest.text, `${path} guest ${ask.lang}`).toContain(`<html lang="${ask.lang}"`);
            const member = asMember('alice', 'br');
            const cookie = [member.cookie, ask.headers.cookie].filter(Boolean).join('; ');
            const alice = await get(path, { ...member, ...ask.headers, cookie });
            expect(alice.text, `${path} alice ${ask.lang}`).toContain(`<html lang="${ask.lang}"`);
            const mine = overlayOf(alice.text).threads.find((t) => t.threadId === threadId);
            expect(mine, `${path} alice ${ask.lang}`).toMatchObject({ isLike: true });
            expect(mine.diffTime, `${path} alice ${ask.lang}`).toMatch(ask.diff);
          }
        }
      }
    });

    it("one kept-alive connection asked by several people in turn (a proxy's) answers each as themselves", async () => {
      // One socket for every request: what the connection keeps of its last asker must never answer the next.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (const path of [`/thread/${threadId}`, '/']) {
          const order = ['alice', 'bob', 'guest', 'alice', 'alice', 'carol', 'guest', 'bob', 'bob', 'alice'];
          let n = 0;
          for (const who of order) {
            const r = await get(
              path,
              who === 'guest' ? asGuest('br') : asMember(who as 'alice', 'br'),
              agent,
            );
            if (n++ > 0) expect(r.reused, `${path} #${n} ${who}`).toBe(true);
            if (who === 'guest') {
              expect(r.text, `${path} #${n}`).not.toContain(OVERLAY_OPEN);
              continue;
            }
            const own = overlayOf(r.text);
            expect(own.user.username, `${path} #${n}`).toMatch(new RegExp(`^sb${who}`));
            const mine = own.threads.find((t) => t.threadId === threadId);
            if (who === 'alice') expect(mine, `${path} #${n}`).toMatchObject({ isLike: true });
            else expect(mine?.isLike ?? false, `${path} #${n} ${who}`).toBe(false);
          }
        }
      } finally {
        agent.destroy();
      }
    });

    it('a member who logs out, or whose group changes, is not answered from what their connection kept', async () => {
      const register = async (name: string) => {
        const res = await fetch(forum.url + '/api/v3/users/username.register', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: `${name}${process.pid % 1000}`, password: 'secret123' }),
        });
        const json = (await res.json()) as { Code: number; Data: { accessToken: string; userId: number } };
        expect(json.Code).toBe(0);
        return json.Data;
      };
      const path = `/thread/${threadId}`;
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        // Dave reads twice on one connection (the second from what is kept), then logs out elsewhere.
        const dave = await register('sbdave');
        const as = { cookie: `access_token=${dave.accessToken}`, 'accept-encoding': 'br' };
        for (let i = 0; i < 2; i++)
          expect(overlayOf((await get(path, as, agent)).text).user.username).toMatch(/^sbdave/);
        const out = await fetch(forum.url + '/api/v3/users/logout', {
          method: 'POST',
          headers: { authorization: `Bearer ${dave.accessToken}`, 'content-type': 'application/json' },
          body: '{}',
        });
        expect(((await out.json()) as { Code: number }).Code).toBe(0);
        // The same connection, the same dead cookie: a guest's page, and the cookie is cleared.
        const after = await get(path, as, agent);
        expect(after.reused).toBe(true);
        expect(after.status).toBe(200);
        expect(after.text).not.toContain(OVERLAY_OPEN);
        expect(after.setCookie.join('\n')).toMatch(/access_token=;/);

        // Erin reads twice, then is moved to another group: her next page is that group's, with her overlay.
        const erin = await register('sberin');
        const asErin = { cookie: `access_token=${erin.accessToken}`, 'accept-encoding': 'br' };
        for (let i = 0; i < 2; i++)
          expect(overlayOf((await get(path, asErin, agent)).text).user.group.id).toBe(10);
        await forum.groupOf(erin.userId, 31);
        const moved = await get(path, asErin, agent);
        expect(moved.reused).toBe(true);
        const own = overlayOf(moved.text);
        expect(own.user.username).toMatch(/^sberin/);
        expect(own.user.group.id).toBe(31);
      } finally {
        agent.destroy();
      }
    });

    it("a member's own write reaches their next page on a kept-alive connection", async () => {
      // The connection keeps a member's last reply and sends it again while their overlay holds: their like (a
      // write, on another connection) must show on the very next page.
      const res = await fetch(forum.url + '/api/v3/users/username.register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: `sbfay${process.pid % 1000}`, password: 'secret123' }),
      });
      const fay = ((await res.json()) as { Data: { accessToken: string } }).Data.accessToken;
      const path = `/thread/${threadId}`;
      const as = { cookie: `access_token=${fay}`, 'accept-encoding': 'br' };
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const before = await get(path, as, agent);
        const again = await get(path, as, agent);
        expect(again.reused).toBe(true);
        expect(again.bytes.equals(before.bytes)).toBe(true);
        const mine = (r: Raw) => overlayOf(r.text).threads.find((t) => t.threadId === threadId);
        expect(mine(again)?.isLike ?? false).toBe(false);
        const detail = await get(`/api/v3/thread.detail?threadId=${threadId}`, asGuest());
        await post(
          '/api/v3/posts.update',
          { postId: JSON.parse(detail.text).Data.postId, isLiked: true },
          fay,
        );
        const after = await get(path, as, agent);
        expect(after.reused).toBe(true);
        expect(mine(after)).toMatchObject({ isLike: true });
      } finally {
        agent.destroy();
      }
    });

    it('a write reaches the stored pages and lists at once', async () => {
      const page = `/thread/${threadId}`;
      const list = '/api/v3/thread.list?page=1&perPage=10&filter%5Bsort%5D=1';
      const before = [
        await get(page, asGuest('br')),
        await get(page, asMember('bob', 'br')),
        await get(list, asMember('carol', 'gzip')),
      ];
      expect(before[0]!.text).not.toContain('第二条回复');
      await post('/api/v3/posts.create', { id: threadId, content: '<p>第二条回复</p>' }, tokens.author);
      // Carol now likes the thread: her kept list must not stay as it was.
      const first = (await get(`/api/v3/thread.detail?threadId=${threadId}`, asGuest())).text;
      await post(
        '/api/v3/posts.update',
        { postId: JSON.parse(first).Data.postId, isLiked: true },
        tokens.carol,
      );
      const guest = await get(page, asGuest('br'));
      const bob = await get(page, asMember('bob', 'br'));
      const carol = await get(list, asMember('carol', 'gzip'));
      expect(guest.text).toContain('第二条回复');
      expect(bob.text).toContain('第二条回复');
      expect(
        (JSON.parse(carol.text).Data.pageData as any[]).find((t) => t.threadId === threadId),
      ).toMatchObject({ isLike: true });
    });
  },
);
