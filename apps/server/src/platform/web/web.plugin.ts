import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { GuestCache } from '../cache/guest-cache.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageCsp } from './csp.js';
import { injectFetch, type InjectFetch } from './inject-fetch.js';
import { prodAssets, type PageAssets } from './page-assets.js';

/** Options for mounting the server-rendered site. */
export interface WebOptions {
  /** Vite middleware (dev) or built bundles (production). */
  mode: 'dev' | 'prod' | 'off';
  /** The web app folder (defaults to apps/web beside this server). */
  webRoot?: string;
  /** Guests' rendered pages are shared through this cache (production only; cleared by any write). */
  guestCache?: GuestCache;
}

/** Stands in for the per-response nonce inside a cached page. */
const NONCE_SLOT = '__CACHED_PAGE_NONCE__';
const MOBILE_UA = /Mobile|Android|iPhone|iPad|iPod|HarmonyOS|MicroMessenger/i;

/** What a guest's page depends on besides the URL: phone or not, their cookies (language, theme), language. */
function guestPageKey(req: FastifyRequest): string | null {
  if (req.cookies?.access_token || /access_token=/.test(req.headers.cookie ?? '')) return null;
  const mobile = MOBILE_UA.test(req.headers['user-agent'] ?? '') ? 'h5' : 'pc';
  const lang = (req.headers['accept-language'] ?? '').slice(0, 5);
  return `page|${mobile}|${lang}|${req.headers.cookie ?? ''}|${req.url}`;
}

/** The web app's server entry, loaded by file path (apps never import each other as packages). */
interface WebEntry {
  render(req: {
    url: string;
    headers: Record<string, string | undefined>;
    fetch: InjectFetch;
    nonce: string;
    assets: PageAssets;
  }): Promise<{ status: number; redirect?: string; body?: Readable }>;
  renderFallbackError(headers: Record<string, string | undefined>): string;
}

interface DevServer {
  middlewares: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
  transformIndexHtml(url: string, html: string): Promise<string>;
  ssrLoadModule(url: string): Promise<Record<string, unknown>>;
  ssrFixStacktrace(e: Error): void;
  close(): Promise<void>;
}

const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../../../web/', import.meta.url));
// A last path segment with an extension is a file request; a missing file gets a plain 404, not a rendered page.
const FILE_LIKE = /\/[^/]+\.[a-z0-9]{1,8}$/i;

function plainHeaders(req: FastifyRequest): Record<string, string | undefined> {
  const h: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(req.headers)) h[k] = Array.isArray(v) ? v.join(', ') : v;
  return h;
}

function nonceScripts(html: string): string {
  return html.replace(/<script\b/gi, '<script nonce="__NONCE__"');
}

/** Mounts SSR pages and static assets on the forum server; `/api/*` stays the API's (404s keep the envelope). */
export async function registerWebPages(app: FastifyInstance, opts: WebOptions): Promise<void> {
  if (opts.mode === 'off') return;
  const webRoot = opts.webRoot ?? DEFAULT_WEB_ROOT;
  const dev = opts.mode === 'dev';
  let vite: DevServer | null = null;
  let prodEntry: WebEntry | null = null;
  let assets: PageAssets | null = null;

  if (dev) {
    const { createServer } = (await import('vite')) as unknown as {
      createServer(c: Record<string, unknown>): Promise<DevServer>;
    };
    vite = await createServer({
      root: webRoot,
      configFile: path.join(webRoot, 'vite.config.ts'),
      appType: 'custom',
      server: { middlewareMode: true, hmr: { server: app.server } },
    });
    app.addHook('onClose', async () => vite?.close());
  } else {
    const clientDir = path.join(webRoot, 'dist', 'client');
    const serverEntry = path.join(webRoot, 'dist', 'server', 'entry-server.js');
    if (!existsSync(serverEntry)) {
      throw new Error(`web build missing (${serverEntry}); run "npm run build" first`);
    }
    prodEntry = (await import(pathToFileURL(serverEntry).href)) as WebEntry;
    assets = prodAssets(clientDir);
    await app.register(import('@fastify/static'), {
      root: clientDir,
      wildcard: false,
      index: false,
      // Hashed build files never change; everything else may.
      setHeaders(res, file) {
        res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=3600',
        );
      },
    });
  }

  async function devAssets(url: string): Promise<PageAssets> {
    const html = await vite!.transformIndexHtml(url, '<html><head></head><body></body></html>');
    const head = /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '';
    return {
      head: nonceScripts(head),
      body: '<script type="module" nonce="__NONCE__" src="/src/entry-client.tsx"></script>',
    };
  }

  // Lets Vite answer module, asset and HMR requests; resolves true when it did.
  function viteHandled(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    return new Promise((resolve, reject) => {
      reply.raw.once('finish', () => resolve(true));
      vite!.middlewares(req.raw, reply.raw, (err?: unknown) => (err ? reject(err as Error) : resolve(false)));
    });
  }

  async function handlePage(req: FastifyRequest, reply: FastifyReply) {
    const url = req.url;
    if (url === '/api' || url.startsWith('/api/')) return reply.callNotFound();
    if (vite && (await viteHandled(req, reply))) return reply.hijack();
    const pathname = url.split('?')[0]!;
    if (FILE_LIKE.test(pathname)) return reply.callNotFound();
    // Spec §2: trailing slashes are stripped from paths.
    if (pathname.length > 1 && pathname.endsWith('/')) {
      const search = url.slice(pathname.length);
      return reply.redirect((pathname.replace(/\/+$/, '') || '/') + search, 301);
    }

    const nonce = randomBytes(16).toString('base64');
    const send = (status: number, body: string | Readable) =>
      reply
        .code(status)
        .header('content-security-policy', pageCsp(nonce, dev))
        .header('cache-control', 'private, no-cache')
        .type('text/html; charset=utf-8')
        .send(body);
    // Guests all see the same page: serve it from the cache with a fresh nonce (like an anonymous page cache).
    const cache = dev ? undefined : opts.guestCache;
    const cacheKey = cache ? guestPageKey(req) : null;
    if (cache && cacheKey) {
      const hit = cache.get(cacheKey) as { status: number; body: string } | undefined;
      if (hit) return send(hit.status, hit.body.replaceAll(NONCE_SLOT, nonce));
    }
    const generation = cache?.current() ?? 0;
    const headers = plainHeaders(req);
    let entry: WebEntry;
    try {
      entry = prodEntry ?? ((await vite!.ssrLoadModule('/src/entry-server.tsx')) as unknown as WebEntry);
    } catch (err) {
      req.log.error({ err }, 'web entry failed to load');
      return reply.code(500).type('text/html; charset=utf-8').send('<!doctype html><p>500</p>');
    }
    try {
      const host = req.headers.host ?? 'localhost';
      const result = await entry.render({
        url: `${req.protocol}://${host}${url}`,
        headers,
        fetch: injectFetch(app, req),
        nonce,
        assets: assets ?? (await devAssets(url)),
      });
      if (result.redirect) return reply.redirect(result.redirect, result.status);
      if (!result.body) return send(result.status, '');
      if (!cache || !cacheKey || (result.status !== 200 && result.status !== 404))
        return send(result.status, result.body);
      // The stream is complete once the render is all ready: collect it once, share it with later guests.
      const chunks: Buffer[] = [];
      for await (const chunk of result.body)
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
      const html = Buffer.concat(chunks).toString('utf8');
      cache.set(cacheKey, { status: result.status, body: html.replaceAll(nonce, NONCE_SLOT) }, generation);
      return send(result.status, html);
    } catch (err) {
      if (vite && err instanceof Error) vite.ssrFixStacktrace(err);
      req.log.error({ err }, 'page render failed');
      return reply.code(500).type('text/html; charset=utf-8').send(entry.renderFallbackError(headers));
    }
  }

  app.route({ method: 'GET', url: '/*', handler: handlePage });
  app.route({ method: 'GET', url: '/', handler: handlePage });
}
