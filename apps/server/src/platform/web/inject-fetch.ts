import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The fetch shape the web client's API dispatcher accepts. */
export type InjectFetch = (url: string, init: RequestInit) => Promise<Response>;

const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * A fetch that runs API calls in-process through `app.inject()`: SSR loaders reach the API without a network hop,
 * carrying the visitor's cookies (set by the caller) and IP so permissions and rate limits apply as for the browser.
 */
export function injectFetch(app: FastifyInstance, req: FastifyRequest): InjectFetch {
  return async (url, init) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => {
      headers[k] = v;
    });
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers,
      payload: typeof init.body === 'string' ? init.body : undefined,
      remoteAddress: req.ip,
    });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (v === undefined) continue;
      out.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    }
    return new Response(NO_BODY.has(res.statusCode) ? null : res.rawPayload, {
      status: res.statusCode,
      headers: out,
    });
  };
}
