import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createThread,
  likeThread,
  registerUser,
  startTestApp,
  type TestApp,
} from '../../test/harness.js';

// Stored API replies are answered before Fastify (fast-replies.ts) over a real socket (inject never takes that
// path): the same bytes, headers and envelope as the route's, each member's own marks and nobody else's, and
// nothing the route would answer differently (a dead token, an original client, a write in between).
let t: TestApp;
let port: number;
type U = { token: string; userId: number };
let alice: U;
let bob: U;
let liked: number;

const BROWSER = 'gzip, deflate, br';
const list = '/api/v3/thread.list?perPage=20';

interface Got {
  status: number;
  headers: http.IncomingHttpHeaders;
  json: any;
  /** Whether the fast path answered. */
  fast: boolean;
}

/** A GET over HTTP; the body decoded from the coding it came in. */
function get(url: string, headers: Record<string, string> = {}): Promise<Got> {
  const before = t.app.forum.fastPages.served;
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const enc = res.headers['content-encoding'];
          const plain =
            enc === 'br' ? zlib.brotliDecompressSync(raw) : enc === 'gzip' ? zlib.gunzipSync(raw) : raw;
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            json: JSON.parse(plain.toString('utf8')),
            fast: t.app.forum.fastPages.served > before,
          });
        });
      })
      .on('error', reject);
  });
}

const bearer = (u: U) => ({ authorization: `Bearer ${u.token}` });

/** Headers that differ between any two replies (per reply, or per connection). */
const PER_REPLY = new Set(['date', 'x-request-id', 'content-length', 'connection', 'keep-alive']);
function sameHeaders(a: http.IncomingHttpHeaders, b: http.IncomingHttpHeaders) {
  const pick = (h: http.IncomingHttpHeaders) =>
    Object.fromEntries(Object.entries(h).filter(([k]) => !PER_REPLY.has(k)));
  expect(pick(a)).toEqual(pick(b));
}

/** The envelope without what is new in every reply. */
function envelope(json: any) {
  expect(typeof json.RequestId).toBe('string');
  expect(json.RequestTime).toMatch(/^\d{4}-\d\d-\d\d /);
  const { RequestId: _id, RequestTime: _time, ...rest } = json;
  return rest;
}

const mark = (json: any, id: number) =>
  (json.Data.pageData as { threadId: number; isLike: boolean }[]).find((i) => i.threadId === id)?.isLike;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  await t.app.forum.settings.set([{ key: 'thread_post_interval', value: '0', tag: 'default' }]);
  alice = await registerUser(t.app);
  bob = await registerUser(t.app);
  const carol = await registerUser(t.app);
  liked = await createThread(t.app, carol.token, '先存后发');
  await likeThread(t.app, alice.token, liked);
});
afterAll(async () => t?.close());

describe('stored API replies before Fastify', () => {
  it("a guest's cached list is the route's reply, in every coding, with its headers and a new envelope", async () => {
    for (const coding of [BROWSER, 'gzip', 'identity']) {
      const first = await get(list, { 'accept-encoding': coding });
      const again = await get(list, { 'accept-encoding': coding });
      expect(again.fast, coding).toBe(true);
      expect(again.status).toBe(200);
      sameHeaders(again.headers, first.headers);
      expect(envelope(again.json)).toEqual(envelope(first.json));
      expect(again.json.RequestId).toBe(again.headers['x-request-id']);
      expect(again.json.RequestId).not.toBe(first.json.RequestId);
    }
    // Each language is its own stored reply: the cookie wins over the header on the fast path too.
    const en = await get(list, { 'accept-encoding': BROWSER, cookie: 'forum_lang=en' });
    const zh = await get(list, {
      'accept-encoding': BROWSER,
      'accept-language': 'en',
      cookie: 'forum_lang=zh',
    });
    expect(en.json.Message).not.toBe(zh.json.Message);
  });

  it('two members of one group get their own kept lists and threads, each with only their marks', async () => {
    const h = { 'accept-encoding': BROWSER };
    const detail = `/api/v3/thread.detail?threadId=${liked}`;
    const marks = async (who: U) => {
      const l = await get(list, { ...h, ...bearer(who) });
      const d = await get(detail, { ...h, ...bearer(who) });
      expect(l.headers['content-encoding']).toBe('gzip');
      expect(d.headers['content-encoding']).toBe('gzip');
      return { fast: [l.fast, d.fast], list: mark(l.json, liked), detail: d.json.Data.isLike as boolean };
    };
    for (let n = 0; n < 2; n++) {
      const a = await marks(alice);
      const b = await marks(bob);
      if (n === 1) expect([...a.fast, ...b.fast]).toEqual([true, true, true, true]);
      expect([a.list, a.detail]).toEqual([true, true]);
      expect([b.list, b.detail]).toEqual([false, false]);
    }
    // A write anywhere ends what was kept: the next read is the route's, with the new mark.
    await likeThread(t.app, bob.token, liked);
    const b = await get(list, { ...h, ...bearer(bob) });
    expect(b.fast).toBe(false);
    expect(mark(b.json, liked)).toBe(true);
    expect((await marks(bob)).detail).toBe(true);
    const again = await get(list, { ...h, ...bearer(bob) });
    expect(again.fast).toBe(true);
    expect(envelope(again.json)).toEqual(envelope(b.json));
    sameHeaders(again.headers, b.headers);
  });

  it("a write of theirs that keeps the shared caches still ends the writer's kept replies, not others'", async () => {
    const h = { 'accept-encoding': BROWSER };
    for (const who of [alice, bob, alice, bob]) await get(list, { ...h, ...bearer(who) });
    // A report keeps every shared cache (nothing anyone else sees changes).
    const r = await call(t.app, 'POST', '/api/v3/reports', {
      token: alice.token,
      body: { type: 1, threadId: liked, reason: '测试举报' },
    });
    expect(r.Code, r.Message).toBe(0);
    expect((await get(list, { ...h, ...bearer(bob) })).fast).toBe(true);
    expect((await get(list, { ...h, ...bearer(alice) })).fast).toBe(false);
  });

  it('a member who keeps reading a kept list gets it as brotli too: the same reply, by either path', async () => {
    const h = { 'accept-encoding': BROWSER, ...bearer(alice) };
    const first = await get(list, h);
    expect(first.headers['content-encoding']).toBe('gzip');
    // The brotli copy is made off the event loop after a few reads: it shows up shortly after.
    let br = first;
    for (let n = 0; n < 100 && br.headers['content-encoding'] !== 'br'; n++) {
      if (n > 3) await new Promise((r) => setTimeout(r, 10));
      br = await get(list, h);
    }
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.fast).toBe(true);
    expect(envelope(br.json)).toEqual(envelope(first.json));
    expect(mark(br.json, liked)).toBe(true);
    // A client that takes gzip only still gets gzip; the route (a request id of the client's) sends the same.
    const gz = await get(list, { 'accept-encoding': 'gzip', ...bearer(alice) });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(envelope(gz.json)).toEqual(envelope(first.json));
    const routed = await get(list, { ...h, 'x-request-id': 'mine-1' });
    expect(routed.fast).toBe(false);
    expect(routed.headers['content-encoding']).toBe('br');
    expect(envelope(routed.json)).toEqual(envelope(first.json));
    // Bob's kept list is his own, never Alice's brotli copy.
    const bob1 = await get(list, { 'accept-encoding': BROWSER, ...bearer(bob) });
    expect(mark(bob1.json, liked)).toBe(mark((await get(list, bearer(bob))).json, liked));
  });

  it("a group's shared reply is sent to its members as stored", async () => {
    const url = '/api/v3/categories';
    const a = await get(url, { 'accept-encoding': BROWSER, ...bearer(alice) });
    const b = await get(url, { 'accept-encoding': BROWSER, ...bearer(bob) });
    expect(a.json.Code).toBe(0);
    expect(b.fast).toBe(true);
    sameHeaders(b.headers, a.headers);
    expect(envelope(b.json)).toEqual(envelope(a.json));
  });

  it('what the route must decide never takes the fast path', async () => {
    await get(list, { 'accept-encoding': BROWSER });
    // A token nobody holds: the route answers (as a dead login), not the guests' stored list.
    const dead = await get(list, { 'accept-encoding': BROWSER, authorization: 'Bearer not-a-token' });
    expect(dead.fast).toBe(false);
    expect(dead.json.Code).not.toBe(0);
    // The original clients' calls are reshaped by the route.
    const original = await get(`${list}&dzqSid=1&dzqPf=pc`, { 'accept-encoding': BROWSER });
    expect(original.fast).toBe(false);
    expect(original.json.Code).toBe(0);
    // A language cookie the raw reader cannot be sure of, a forwarded host: the route decides.
    const quoted = await get(list, { 'accept-encoding': BROWSER, cookie: 'forum_lang="en"' });
    expect(quoted.fast).toBe(false);
    const forwarded = await get(list, {
      'accept-encoding': BROWSER,
      'x-forwarded-host': 'elsewhere.example',
    });
    expect(forwarded.fast).toBe(false);
    // A member who does not take gzip gets the route's plain reply.
    await get(list, { 'accept-encoding': 'identity', ...bearer(alice) });
    const plain = await get(list, { 'accept-encoding': 'identity', ...bearer(alice) });
    expect(plain.fast).toBe(false);
    expect(mark(plain.json, liked)).toBe(true);
  });
});
