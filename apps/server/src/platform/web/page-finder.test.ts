import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../auth/actor.js';
import { memoryBus } from '../cache/bus.js';
import { GuestCache } from '../cache/guest-cache.js';
import { MemberTails } from './member-tails.js';
import { readyPage } from './page-cache.js';
import { pageFinder } from './page-finder.js';
import { GUEST_VIEWER, pageKey, type HeldViewer, type PageViewer } from './page-key.js';
import { PageOverlays, type OverlaySource } from './page-overlay.js';

// The pages' fast path keeps, per connection, who its last request was from (issue 30: a member's page at a
// guest's cost). These pin that what a connection keeps never answers for someone else or for a login that no
// longer holds.

const PAGE = '/thread/7';
const OVERLAY = '/api/v3/viewer.overlay?threadIds=7';

function member(userId: number): Actor & { userId: number } {
  return {
    userId,
    isGuest: false,
    isAdmin: false,
    groupId: 10,
    permissions: new Set(),
    status: 0,
    statusReason: '',
    tokenId: userId,
    via: 'cookie',
  };
}

/** A forum in miniature: the group's stored page, each member's overlay at hand, sessions that can end. */
async function setup() {
  const guestCache = new GuestCache(memoryBus());
  const tails = new MemberTails();
  const overlays = new PageOverlays();
  const users = new Map([
    ['tok-ann', member(1)],
    ['tok-ben', member(2)],
  ]);
  const live = new Set(users.keys());
  let lookups = 0;
  const peekViewer = (headers: IncomingHttpHeaders): HeldViewer | null => {
    lookups++;
    const token = /access_token=([^;]*)/.exec(headers.cookie ?? '')?.[1];
    if (!token) return GUEST_VIEWER;
    const actor = users.get(token);
    if (!actor || !live.has(token)) return null;
    return {
      viewer: { kind: 'group', groupId: 10, isAdmin: false, member: actor },
      holds: () => live.has(token),
    };
  };
  // One overlay per member, its parts kept (the same objects while nothing changes); a kept one says whether it
  // still holds, as the overlay feature's does.
  const parts = new Map([1, 2].map((id) => [id, [{ id, name: `user${id}` }, `"threads":[]`]]));
  const source = (userId: number): OverlaySource => {
    const now = parts.get(userId)!;
    const [user, own] = now;
    return {
      parts: [user, own],
      json: () => `{"user":${JSON.stringify(user)},${own as string}}`,
      holds: () => parts.get(userId) === now,
    };
  };
  let peeks = 0;
  overlays.provide(
    async (actor) => source(actor.userId),
    (actor) => (peeks++, source(actor.userId)),
  );
  const find = pageFinder({ guestCache, peekViewer, overlays, tails });
  // The group's page and the guest's page, stored as the route stores them; each member's tail made.
  const group: PageViewer = { kind: 'group', groupId: 10, isAdmin: false };
  const groupKey = pageKey({ url: PAGE, headers: {} }, group)!;
  const html = `<!doctype html><html><body><main>${'共享的页面 '.repeat(300)}</main></body></html>`;
  guestCache.set(groupKey, await readyPage(200, html, OVERLAY), guestCache.current());
  const guestPage = await readyPage(200, html.replace('共享', '游客'));
  guestCache.set(pageKey({ url: PAGE, headers: {} }, { kind: 'guest' })!, guestPage, guestCache.current());
  for (const id of [1, 2]) await tails.get(`${id}|${groupKey}`, source(id), true);
  // A member's overlay changes (they liked something): a new text, its tail made as the route makes it.
  const change = async (userId: number, own: string) => {
    parts.set(userId, [parts.get(userId)![0]!, own]);
    await tails.get(`${userId}|${groupKey}`, source(userId), true);
  };
  return { find, live, lookups: () => lookups, peeks: () => peeks, change };
}

/** A request on a connection (`socket`: the same object for the same connection). */
function request(socket: object, token: string | null, headers: IncomingHttpHeaders = {}): IncomingMessage {
  return {
    url: PAGE,
    method: 'GET',
    socket,
    headers: {
      'accept-encoding': 'br',
      ...(token ? { cookie: `forum_uid=1; access_token=${token}` } : {}),
      ...headers,
    },
  } as unknown as IncomingMessage;
}

/** The page a fast reply carries, decoded. */
function html(reply: ReturnType<ReturnType<typeof pageFinder>>): string {
  expect(reply).not.toBeNull();
  const body = reply!.body as Buffer;
  return zlib.brotliDecompressSync(body).toString('utf8');
}

describe('pages answered before Fastify, per connection', () => {
  it("a connection's next page with the same headers is answered without finding its viewer again", async () => {
    const f = await setup();
    const socket = {};
    const first = html(f.find(request(socket, 'tok-ann')));
    expect(first).toContain('"name":"user1"');
    expect(f.lookups()).toBe(1);
    const again = f.find(request(socket, 'tok-ann'));
    expect(html(again)).toBe(first);
    expect(f.lookups()).toBe(1);
    // Another connection with the same cookie finds it for itself.
    expect(html(f.find(request({}, 'tok-ann')))).toBe(first);
    expect(f.lookups()).toBe(2);
  });

  it('several people on one connection (a proxy) are each answered as themselves', async () => {
    const f = await setup();
    const socket = {};
    const order = ['tok-ann', 'tok-ben', null, 'tok-ann', 'tok-ann', 'tok-ben', null, null, 'tok-ben'];
    for (const token of order) {
      const page = html(f.find(request(socket, token)));
      if (token === null) {
        expect(page).toContain('游客');
        expect(page).not.toContain('"user"');
      } else {
        expect(page).toContain(token === 'tok-ann' ? '"name":"user1"' : '"name":"user2"');
        expect(page).not.toContain(token === 'tok-ann' ? 'user2' : 'user1');
      }
    }
    // Looked up again whenever the cookie changed, not when it stayed the same.
    expect(f.lookups()).toBe(7);
  });

  it('a login that no longer holds is not answered from what the connection kept', async () => {
    const f = await setup();
    const socket = {};
    expect(html(f.find(request(socket, 'tok-ann')))).toContain('"name":"user1"');
    f.live.delete('tok-ann');
    // The same connection, the same cookie: nothing at hand, so the route decides (and clears the cookie).
    expect(f.find(request(socket, 'tok-ann'))).toBeNull();
    expect(f.lookups()).toBe(2);
    // Ben, whose login holds, is still answered on that connection.
    expect(html(f.find(request(socket, 'tok-ben')))).toContain('"name":"user2"');
  });

  it("a member's reply is sent again as it is until their overlay changes, and never to someone else", async () => {
    const f = await setup();
    const socket = {};
    const first = f.find(request(socket, 'tok-ann'));
    expect(html(first)).toContain('"name":"user1"');
    expect(f.peeks()).toBe(1);
    // Reading on: the same reply, without looking the overlay up again.
    expect(f.find(request(socket, 'tok-ann'))).toBe(first);
    expect(f.peeks()).toBe(1);
    // Another coding asked is another reply.
    const gzip = f.find(request(socket, 'tok-ann', { 'accept-encoding': 'gzip' }));
    expect(gzip).not.toBe(first);
    expect(zlib.gunzipSync(gzip!.body as Buffer).toString('utf8')).toContain('"name":"user1"');
    // Ann's overlay changes: her next reply carries the new one.
    await f.change(1, '"threads":[{"threadId":7,"isLike":true}]');
    const after = html(f.find(request(socket, 'tok-ann', { 'accept-encoding': 'gzip, br' })));
    expect(after).toContain('"isLike":true');
    // Ben on the same connection gets his own, with nothing of Ann's.
    const ben = html(f.find(request(socket, 'tok-ben')));
    expect(ben).toContain('"name":"user2"');
    expect(ben).not.toContain('isLike');
    expect(ben).not.toContain('user1');
  });

  it('a change of the headers a page depends on is not answered from what was kept', async () => {
    const f = await setup();
    const socket = {};
    expect(f.find(request(socket, 'tok-ann'))).not.toBeNull();
    // A phone (h5) or another language is another stored page: none here, so the route renders it.
    expect(f.find(request(socket, 'tok-ann', { 'user-agent': 'Mozilla/5.0 (iPhone) Mobile' }))).toBeNull();
    expect(f.find(request(socket, 'tok-ann', { cookie: 'access_token=tok-ann; forum_lang=en' }))).toBeNull();
    expect(f.find(request(socket, 'tok-ann', { 'accept-language': 'en-US' }))).toBeNull();
    expect(f.find(request(socket, 'tok-ann'))).not.toBeNull();
    // A page that is not the group's (a profile) is never answered from the group's kept viewer.
    expect(f.find({ ...request(socket, 'tok-ann'), url: '/user/1' } as IncomingMessage)).toBeNull();
  });
});
