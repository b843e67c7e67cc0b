import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { GuestCache } from '../cache/guest-cache.js';
import type { Lang } from '../http/lang.js';
import { SECURITY_HEADERS } from '../http/security-headers.js';
import { accepts, pickEncoding, type Encoding } from '../http/stored-body.js';
import type { FastFind, FastPage } from './fast-pages.js';
import type { MemberTails } from './member-tails.js';
import { memberReply, type ReadyPage } from './page-cache.js';
import { isGroupPage, pageKeyPrefix, pageLang, type HeldViewer } from './page-key.js';
import type { PageOverlays } from './page-overlay.js';

/** The in-process group-render marker (app.ts): such requests are never a guest's. */
const VIEW_AS = 'x-forum-view-as';

/**
 * What a connection's last page request resolved from its headers: who asks (and the check that it still
 * holds), the page key without its URL, the page language. A browser sends the same cookie and headers on every
 * request of a keep-alive connection, so its next pages skip finding the token, hashing it, the session and
 * the cookie patterns; a connection shared by several people (a proxy's) finds them afresh when the headers
 * change.
 */
interface ConnectionView {
  cookie: string | undefined;
  authorization: string | undefined;
  userAgent: string | undefined;
  acceptLanguage: string | undefined;
  held: HeldViewer;
  prefix: string;
  lang: Lang;
  /** The member's last reply on this connection (a `MemberCopy`). */
  copy?: MemberCopy;
}

/**
 * A member's last page reply on a connection, sent again as it is while it would come out the same: the same
 * stored page (and brotli copy), the same coding asked, and the overlay it carries still what is kept. A member
 * reading on, refreshing or a page polled then costs what a guest's costs: no overlay, tail or copy lookups.
 */
interface MemberCopy {
  page: ReadyPage;
  br: Buffer | null;
  acceptEncoding: string | undefined;
  holds: () => boolean;
  reply: FastPage;
}

/** The connection's kept view when its headers are the same and it still holds; else found and kept afresh. */
function connectionViews(peekViewer: (headers: IncomingHttpHeaders) => HeldViewer | null) {
  const views = new WeakMap<Socket, ConnectionView>();
  return (req: IncomingMessage): ConnectionView | null => {
    const h = req.headers;
    const kept = views.get(req.socket);
    if (
      kept &&
      kept.cookie === h.cookie &&
      kept.authorization === h.authorization &&
      kept.userAgent === h['user-agent'] &&
      kept.acceptLanguage === h['accept-language'] &&
      kept.held.holds()
    )
      return kept;
    const held = peekViewer(h);
    const prefix = held && pageKeyPrefix(h, held.viewer);
    if (!held || prefix == null) {
      views.delete(req.socket);
      return null;
    }
    const view: ConnectionView = {
      cookie: h.cookie,
      authorization: h.authorization,
      userAgent: h['user-agent'],
      acceptLanguage: h['accept-language'],
      held,
      prefix,
      lang: pageLang(h),
    };
    views.set(req.socket, view);
    return view;
  };
}

/**
 * A stored page, as the page route would send it, looked up before Fastify from what is kept (the viewer, the
 * page, a member's tail and their copy): the same key, the same headers (the security set, then the page's
 * own), the same bytes. Anything not at hand, or unusual, is left to the route (null), which makes and keeps it.
 */
export function pageFinder(deps: {
  guestCache: GuestCache;
  peekViewer: (headers: IncomingHttpHeaders) => HeldViewer | null;
  overlays?: PageOverlays;
  tails: MemberTails;
}): FastFind {
  const { guestCache, overlays, tails } = deps;
  const viewOf = connectionViews(deps.peekViewer);
  const headersOf = new WeakMap<ReadyPage, Partial<Record<Encoding, string[]>>>();
  const pageHeaders = (page: ReadyPage, enc: Encoding) => {
    const made = headersOf.get(page) ?? {};
    headersOf.set(page, made);
    return (made[enc] ??= [
      ...SECURITY_HEADERS.flat(),
      'content-security-policy',
      page.csp,
      'cache-control',
      'private, no-cache',
      'vary',
      'accept-encoding, cookie',
      'content-type',
      'text/html; charset=utf-8',
      ...(enc === 'identity' ? [] : ['content-encoding', enc]),
    ]);
  };
  return (req): FastPage | null => {
    const url = req.url ?? '/';
    const h = req.headers;
    // The API, original clients' marked addresses and in-process renders are the routes' business.
    if (url.startsWith('/api') || url.includes('dzq') || h[VIEW_AS] !== undefined) return null;
    const view = viewOf(req);
    if (!view) return null;
    const viewer = view.held.viewer;
    if (viewer.kind === 'personal' || (viewer.kind === 'group' && !isGroupPage(url))) return null;
    const key = view.prefix + url;
    const page = guestCache.peek(key, 'page') as ReadyPage | undefined;
    if (!page) return null;
    const header = h['accept-encoding'];
    page.body.hit();
    const accepted = page.body.encodingFor(pickEncoding(header));
    // The plain bytes are made (and counted) by the route, the first time.
    if (accepted === 'identity' && !page.body.hasPlain) return null;
    if (viewer.kind === 'guest') {
      if (page.overlay !== undefined) return null;
      return { status: page.status, headers: pageHeaders(page, accepted), body: page.body.body(accepted) };
    }
    if (page.overlayQuery === undefined || !viewer.member) return null;
    const copy = view.copy;
    if (
      copy &&
      copy.page === page &&
      copy.br === page.body.br &&
      copy.acceptEncoding === header &&
      copy.holds()
    )
      return copy.reply;
    const source = overlays?.peek(viewer.member, page.overlayQuery, view.lang);
    const tailKey = `${viewer.member.userId}|${key}`;
    const tail = source && tails.peek(tailKey, source, accepts(header, 'gzip'));
    if (!tail) return null;
    const { enc, bytes } = memberReply(page, tail, accepted, header, (n) => tails.grew(tailKey, n));
    const reply = { status: page.status, headers: pageHeaders(page, enc), body: bytes };
    view.copy = source.holds
      ? { page, br: page.body.br, acceptEncoding: header, holds: source.holds, reply }
      : undefined;
    return reply;
  };
}
