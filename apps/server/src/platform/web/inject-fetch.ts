import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The fetch shape the web client's API dispatcher accepts. */
export type InjectFetch = (url: string, init: RequestInit) => Promise<Response>;

/** What the dispatcher reads of a reply: status, ok and the body text. */
interface InjectReply {
  status: number;
  ok: boolean;
  text(): Promise<string>;
}

/**
 * A fetch that runs API calls in-process through `app.inject()`: SSR loaders reach the API without a network hop,
 * carrying the visitor's cookies (set by the caller) and IP so permissions and rate limits apply as for the browser.
 * One instance serves one page render: identical GETs within it (the root and a page both asking for `forum`)
 * run once. Replies are plain objects, not WHATWG Responses, which cost more than the API call they carry.
 */
export function injectFetch(
  app: FastifyInstance,
  req: FastifyRequest,
  /** Added to reads only (a group render's view-as marker); writes always go as the visitor. */
  readHeaders?: Record<string, string>,
): InjectFetch {
  const reads = new Map<string, Promise<InjectReply>>();
  const run = async (url: string, init: RequestInit): Promise<InjectReply> => {
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: {
        // The API sees the host the visitor asked (absolute URLs it builds, such as emoji images, point there).
        ...(req.headers.host && { host: req.headers.host }),
        ...plainHeaders(init.headers),
        ...((init.method ?? 'GET') === 'GET' ? readHeaders : undefined),
      },
      payload: typeof init.body === 'string' ? init.body : undefined,
      remoteAddress: req.ip,
    });
    const body = res.payload;
    return { status: res.statusCode, ok: res.statusCode < 300, text: async () => body };
  };
  return (url, init) => {
    const method = init.method ?? 'GET';
    if (method !== 'GET') return run(url, init) as unknown as Promise<Response>;
    let read = reads.get(url);
    if (!read) {
      read = run(url, init);
      reads.set(url, read);
      // A failed read is not kept: the dispatcher may retry a 5xx.
      read.then((r) => r.status >= 500 && reads.delete(url)).catch(() => reads.delete(url));
    }
    return read as unknown as Promise<Response>;
  };
}

/** Request headers as a plain object, whatever form the dispatcher gave them in. */
function plainHeaders(init: RequestInit['headers']): Record<string, string> {
  if (!init) return {};
  if (init instanceof Headers || Array.isArray(init)) {
    const out: Record<string, string> = {};
    new Headers(init).forEach((v, k) => {
      out[k] = v;
    });
    return out;
  }
  return { ...init } as Record<string, string>;
}
