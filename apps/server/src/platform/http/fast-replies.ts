import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Actor } from '../auth/actor.js';
import type { GuestCache } from '../cache/guest-cache.js';
import { closeKept, keptCoding, MemberReplies } from '../cache/member-replies.js';
import type { FastFind, FastPage } from '../web/fast-pages.js';
import { okTailFor, type StoredReply } from './envelope.js';
import { langOfHeaders } from './lang.js';
import { SECURITY_HEADERS } from './security-headers.js';
import { accepts, pickEncoding, type Encoding } from './stored-body.js';

/** Who asked, from what is kept (the session cache): a guest, a member, or null when it is not at hand. */
export type PeekActor = (headers: IncomingHttpHeaders) => Actor | 'guest' | null;

/** What a shared or kept reply's route allows, by its path (filled as routes are mounted). */
export interface FastRoute {
  shared: { guests: boolean; groups: boolean };
  kept: boolean;
}

/** The headers every API reply carries (the security set, then app.ts's `onSend` for the API), per coding. */
const HEADERS: Record<Encoding, string[]> = Object.fromEntries(
  (['identity', 'gzip', 'br'] as const).map((enc) => [
    enc,
    [
      ...SECURITY_HEADERS.flat(),
      'content-type',
      'application/json; charset=utf-8',
      'vary',
      'accept-encoding',
      ...(enc === 'identity' ? [] : ['content-encoding', enc]),
      'cache-control',
      'no-store',
      'content-security-policy',
      "default-src 'none'; frame-ancestors 'none'",
    ],
  ]),
) as Record<Encoding, string[]>;

/**
 * The API's stored replies answered before Fastify (`fast-pages.ts`): a shared reply already cached for guests
 * or for a member's group, and a member's own kept reply, found under the very keys the router's handler uses
 * (`router.ts`) and sent with its headers and envelope. Only what the handler would answer the same way without
 * asking anything: a GET of a cached route, by a guest or a member whose session is cached, in good standing
 * and not an administrator (their guards can change within a session), not from an original client (their
 * replies are reshaped), with a plain Host. Everything else goes to the route. Rate limits count the calls
 * that reach a handler: a stored reply costs less than counting it.
 */
export function fastReplies(deps: {
  cache: GuestCache;
  members: MemberReplies | null;
  peekActor: PeekActor;
  routes: Map<string, FastRoute>;
  /** Headers that send a request to the route whatever it asks (the in-process group renders' marker). */
  skipHeaders: readonly string[];
}): FastFind {
  const { cache, members, routes } = deps;
  return (req: IncomingMessage): FastPage | null => {
    const url = req.url ?? '/';
    if (!url.startsWith('/api/') || url.includes('dzq')) return null;
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const route = routes.get(path);
    if (!route) return null;
    const h = req.headers;
    const host = h.host;
    if (!host || h['x-forwarded-host'] !== undefined) return null;
    for (const name of deps.skipHeaders) if (h[name] !== undefined) return null;
    const lang = langOfHeaders(h);
    const who = lang && deps.peekActor(h);
    if (!who) return null;
    if (who === 'guest') {
      if (!route.shared.guests && !route.shared.groups) return null;
      return stored(cache.peek(`${lang}:${host}${url}`, 'api') as StoredReply | undefined, h, path);
    }
    if (who.isAdmin || who.status !== 0 || who.userId == null) return null;
    const group = `g${who.groupId}:${lang}:${host}${url}`;
    if (route.shared.groups) return stored(cache.peek(group, 'api') as StoredReply | undefined, h, path);
    if (!route.kept || !members || !accepts(h['accept-encoding'], 'gzip')) return null;
    const kept = members.get(MemberReplies.key(who.userId, group));
    if (!kept) return null;
    const enc = keptCoding(kept, h['accept-encoding']);
    return {
      status: 200,
      headers: HEADERS[enc],
      body: (id) => closeKept(kept, enc, okTailFor(id)),
      route: path,
    };
  };
}

/** A stored shared reply in the coding asked for, its envelope closed with the request's id and time. */
function stored(hit: StoredReply | undefined, h: IncomingHttpHeaders, path: string): FastPage | null {
  if (!hit) return null;
  hit.body.hit();
  const enc = hit.body.encodingFor(pickEncoding(h['accept-encoding']));
  return {
    status: 200,
    headers: HEADERS[enc],
    body: (id) => hit.body.withTail(enc, okTailFor(id)),
    route: path,
  };
}
