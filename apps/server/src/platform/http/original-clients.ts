import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';

/**
 * Wire compatibility with the original Discuz! Q clients, decided here once (reference §2 wire notes):
 * they call `/apiv3/*` as well as `/api/v3/*`, and mark every call with `dzqSid` and `dzqPf` query
 * parameters. The marks are taken off the URL before routing (so they never reach a contract and never split
 * a shared cache entry) and remembered on the request: the error handler answers marked requests' errors with
 * HTTP 200, since those clients read `Code` and `Message` only from a 200.
 */
const MARKS = new Set(['dzqSid', 'dzqPf']);
const marked = new WeakSet<IncomingMessage>();

/** Fastify `rewriteUrl`: the `/apiv3/` alias, and the marks taken off the query string. */
export function rewriteOriginalClientUrl(req: IncomingMessage): string {
  let url = req.url ?? '/';
  if (url.startsWith('/apiv3/')) url = `/api/v3/${url.slice('/apiv3/'.length)}`;
  const q = url.indexOf('?');
  if (q < 0 || !url.includes('dzq', q)) return url;
  const kept: string[] = [];
  for (const part of url.slice(q + 1).split('&')) {
    const name = decodeName(part.split('=', 1)[0]!);
    if (MARKS.has(name)) marked.add(req);
    else kept.push(part);
  }
  return kept.length ? `${url.slice(0, q)}?${kept.join('&')}` : url.slice(0, q);
}

function decodeName(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** True for a call from an original Discuz! Q client (it carried `dzqSid` or `dzqPf`). */
export function fromOriginalClient(req: FastifyRequest): boolean {
  return marked.has(req.raw);
}

/** The HTTP status of an error reply: the error class for our clients, 200 for the original ones. */
export function errorStatus(req: FastifyRequest, status: number): number {
  return fromOriginalClient(req) ? 200 : status;
}

/** Keys whose values are pictures, media or files the client loads (`url`, `thumbUrl`, `avatar`, `siteLogo`...). */
const MEDIA_KEY = /(?:url|avatar|icon|logo|favicon)$/i;

/**
 * The original clients run on their own origin and resolve a server-relative URL against it, where our files
 * are not: every server-relative media URL in a reply to them is made absolute on the site's origin. Walks the
 * reply in place (it is the marked request's own copy) and returns it.
 */
export function absoluteMediaUrls<T>(data: T, origin: string): T {
  const walk = (v: unknown, depth: number): void => {
    if (depth > 12 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      for (const x of v) walk(x, depth + 1);
      return;
    }
    const o = v as Record<string, unknown>;
    for (const [k, x] of Object.entries(o)) {
      if (typeof x === 'string') {
        if (MEDIA_KEY.test(k) && x.startsWith('/') && !x.startsWith('//')) o[k] = origin + x;
      } else walk(x, depth + 1);
    }
  };
  walk(data, 0);
  return data;
}
