import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { clearSessionCookies } from '../auth/cookies.js';
import type { GuestCache } from '../cache/guest-cache.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hashedPageCsp, pageCsp } from './csp.js';
import { injectFetch, type InjectFetch } from './inject-fetch.js';
import { prodAssets, type PageAssets } from './page-assets.js';
import { MemberTails } from './member-tails.js';
import { pageBytes, readyPage, sendReadyPage, type MemberTail, type ReadyPage } from './page-cache.js';
import { pageKey, pageLang, withoutLogin, type HeldViewer, type PageViewer } from './page-key.js';
import { pageFinder } from './page-finder.js';
import { registerPreferenceLink } from './preference-link.js';
import type { PageOverlays } from './page-overlay.js';
import type { FastPages } from './fast-pages.js';
import { accepts, pickEncoding } from '../http/stored-body.js';
import { SECURITY_HEADERS } from '../http/security-headers.js';
import { importWithInertRequestStorage } from './inert-request-storage.js';

/** Options for mounting the server-rendered site. */
export interface WebOptions {
  /** Vite middleware (dev) or built bundles (production). */
  mode: 'dev' | 'prod' | 'off';
  /** The web app folder (defaults to apps/web beside this server). */
  webRoot?: string;
  /** Rendered pages are shared through this cache (production only; cleared by any write). */
  guestCache?: GuestCache;
  /** Who a page is for: guests and members of a group share renders, the rest are rendered per person. */
  viewerOf?: (req: FastifyRequest) => Promise<PageViewer>;
  /** Headers that make the in-process API answer as a member of a group with no one's own data. */
  viewAs?: (groupId: number) => Record<string, string>;
  /** Seconds to wait while the database is out of reach (pages answer 503 then), or null while it answers. */
  unavailable?: () => number | null;
  /** Members' overlays, spliced into their group's pages (else the page asks for its overlay). */
  overlays?: PageOverlays;
  /** Answers stored pages before Fastify (production with a cache). */
  fastPages?: FastPages;
  /** `viewerOf` from what is kept, without waiting, and how to tell it still holds (null: the route decides). */
  peekViewer?: (headers: IncomingHttpHeaders) => HeldViewer | null;
}

/** The web app's server entry, loaded by file path (apps never import each other as packages). */
interface WebEntry {
  render(req: {
    url: string;
    headers: Record<string, string | undefined>;
    fetch: InjectFetch;
    /** Dev only: the nonce its policy allows scripts by (production policies list hashes, and pages carry none). */
    nonce?: string;
    assets: PageAssets;
    /** A group render: the page carries no personal data; each member's overlay goes at its end. */
    shared?: boolean;
  }): Promise<{ status: number; redirect?: string; body?: Readable; overlay?: string }>;
  renderFallbackError(headers: Record<string, string | undefined>): string;
  renderUnavailable(headers: Record<string, string | undefined>, retryAfterSeconds: number): string;
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
    prodEntry = await importWithInertRequestStorage<WebEntry>(pathToFileURL(serverEntry).href);
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
      // What Vite answers goes out on the raw response, past the reply headers the security ones are kept in.
      for (const [name, value] of SECURITY_HEADERS) reply.raw.setHeader(name, value);
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

    const viewer: PageViewer = opts.viewerOf ? await opts.viewerOf(req) : { kind: 'personal' };
    // The browser forgets a dead login at once; this page and every later one are a guest's.
    if (viewer.kind === 'guest' && viewer.staleLogin) clearSessionCookies(reply);
    if (dev) return renderDev(req, reply, randomBytes(16).toString('base64'), viewer);
    const cache = opts.guestCache;
    const key = cache ? pageKey(req, viewer) : null;
    if (cache && key) {
      const hit = cache.get(key, 'page') as ReadyPage | undefined;
      if (hit) return sendPage(req, reply, hit, viewer, key);
    }
    // A page already rendered is still served above; anything else would only find the database gone.
    if (opts.unavailable?.() != null) return sendUnavailable(req, reply, prodEntry!);
    // Many visitors asking for one page the moment it went stale (every write clears the cache) share one
    // render instead of each rendering it: fewer renders, and no burst of memory.
    let shared = key ? rendering.get(key) : undefined;
    if (!shared && key && cache) {
      shared = renderShared(req, viewer, key, cache).finally(() => rendering.delete(key));
      rendering.set(key, shared);
    }
    const first: Rendered | ReadyPage = shared ? await shared : await renderHtml(req, viewer);
    if ('body' in first) return sendPage(req, reply, first, viewer, key!);
    let out: Rendered = first;
    // A group render that is not a plain page (a pending thread of the viewer's own, a redirect) is redone for
    // the person: only what every member of the group would see is ever shared.
    if (viewer.kind === 'group' && out.kind === 'html' && out.status !== 200)
      out = await renderHtml(req, { kind: 'personal' });
    if (out.kind === 'redirect') return reply.redirect(out.location, out.status);
    // The database went away during the render: the reader is told to wait, not that the site broke.
    if ((out.kind === 'failed' || out.status >= 500) && opts.unavailable?.() != null)
      return sendUnavailable(req, reply, prodEntry!);
    if (out.kind === 'failed') return reply.code(500).type('text/html; charset=utf-8').send(out.html);
    return reply
      .code(out.status)
      .header('content-security-policy', hashedPageCsp(out.html))
      .header('cache-control', 'private, no-cache')
      .type('text/html; charset=utf-8')
      .send(out.html);
  }

  /** The 503 page, reloading itself after Retry-After. */
  function sendUnavailable(req: FastifyRequest, reply: FastifyReply, entry: WebEntry) {
    const seconds = opts.unavailable?.() ?? 5;
    return reply
      .code(503)
      .header('retry-after', String(seconds))
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      )
      .type('text/html; charset=utf-8')
      .send(entry.renderUnavailable(plainHeaders(req), seconds));
  }

  const rendering = new Map<string, Promise<Rendered | ReadyPage>>();
  const tails = new MemberTails();

  /** A stored page as this viewer gets it: a member's with their overlay at its end. */
  async function sendPage(
    req: FastifyRequest,
    reply: FastifyReply,
    page: ReadyPage,
    viewer: PageViewer,
    key: string,
  ) {
    const header = req.headers['accept-encoding'];
    // The plain bytes are made on the first request that takes no compression: the budget counts them then.
    if (!page.body.hasPlain && page.body.encodingFor(pickEncoding(header)) === 'identity') {
      page.body.identity();
      opts.guestCache?.grew(key, page, pageBytes(page));
    }
    let tail: MemberTail | undefined;
    const tailKey = viewer.kind === 'group' && viewer.member ? `${viewer.member.userId}|${key}` : '';
    if (page.overlay !== undefined && viewer.kind === 'group' && viewer.member) {
      const query = page.overlay.slice(page.overlay.indexOf('?') + 1);
      try {
        const source = await opts.overlays?.of(viewer.member, query, pageLang(req.headers));
        if (source) tail = await tails.get(tailKey, source, accepts(header, 'gzip'));
      } catch (err) {
        // The page still works without it: it asks for its overlay itself.
        req.log.warn({ err }, 'viewer overlay for a page failed');
      }
    }
    return sendReadyPage(req, reply, page, tail, (bytes) => tails.grew(tailKey, bytes));
  }
  /** Renders a shareable page once and stores it; what cannot be shared comes back as it is. */
  async function renderShared(
    req: FastifyRequest,
    viewer: PageViewer,
    key: string,
    cache: GuestCache,
  ): Promise<Rendered | ReadyPage> {
    const generation = cache.current();
    const out = await renderHtml(req, viewer);
    const storable =
      out.kind === 'html' && (out.status === 200 || (viewer.kind === 'guest' && out.status === 404));
    if (!storable) return out;
    const page = await readyPage(out.status, out.html, out.overlay);
    cache.set(key, page, generation, pageBytes(page));
    return page;
  }

  type Rendered =
    | { kind: 'html'; status: number; html: string; overlay?: string }
    | { kind: 'redirect'; status: number; location: string }
    | { kind: 'failed'; html: string };

  /**
   * Renders a production page to one string (the render waits for all data anyway). Without a nonce: the policy
   * lists the page's inline scripts by hash, so a nonce on its ~30 script and preload tags would be ~1 KB of
   * every reply that no browser checks.
   */
  async function renderHtml(req: FastifyRequest, viewer: PageViewer): Promise<Rendered> {
    const headers = plainHeaders(req);
    const group = viewer.kind === 'group' ? viewer : null;
    // A group render must not act as the person who asked; a guest's carries no login (a stale one would fail).
    if (group || viewer.kind === 'guest') headers.cookie = withoutLogin(headers.cookie);
    try {
      const result = await prodEntry!.render({
        url: `${req.protocol}://${req.headers.host ?? 'localhost'}${req.url}`,
        headers,
        fetch: injectFetch(app, req, group && opts.viewAs ? opts.viewAs(group.groupId) : undefined),
        assets: assets!,
        shared: !!group,
      });
      if (result.redirect) return { kind: 'redirect', status: result.status, location: result.redirect };
      if (!result.body) return { kind: 'html', status: result.status, html: '' };
      const chunks: Buffer[] = [];
      for await (const chunk of result.body)
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
      const html = Buffer.concat(chunks).toString('utf8');
      return { kind: 'html', status: result.status, html, overlay: result.overlay };
    } catch (err) {
      req.log.error({ err }, 'page render failed');
      return { kind: 'failed', html: prodEntry!.renderFallbackError(headers) };
    }
  }

  /** Dev mode: rendered per request with Vite's modules and a nonce policy, streamed, never cached. */
  async function renderDev(req: FastifyRequest, reply: FastifyReply, nonce: string, viewer: PageViewer) {
    const headers = plainHeaders(req);
    if (viewer.kind === 'guest') headers.cookie = withoutLogin(headers.cookie);
    let entry: WebEntry;
    try {
      entry = (await vite!.ssrLoadModule('/src/entry-server.tsx')) as unknown as WebEntry;
    } catch (err) {
      req.log.error({ err }, 'web entry failed to load');
      return reply.code(500).type('text/html; charset=utf-8').send('<!doctype html><p>500</p>');
    }
    try {
      const result = await entry.render({
        url: `${req.protocol}://${req.headers.host ?? 'localhost'}${req.url}`,
        headers,
        fetch: injectFetch(app, req),
        nonce,
        assets: await devAssets(req.url),
      });
      if (result.redirect) return reply.redirect(result.redirect, result.status);
      if (result.status >= 500 && opts.unavailable?.() != null) return sendUnavailable(req, reply, entry);
      return reply
        .code(result.status)
        .header('content-security-policy', pageCsp(nonce, true))
        .header('cache-control', 'private, no-cache')
        .type('text/html; charset=utf-8')
        .send(result.body ?? '');
    } catch (err) {
      if (err instanceof Error) vite!.ssrFixStacktrace(err);
      if (opts.unavailable?.() != null) return sendUnavailable(req, reply, entry);
      req.log.error({ err }, 'page render failed');
      return reply.code(500).type('text/html; charset=utf-8').send(entry.renderFallbackError(headers));
    }
  }

  // Stored pages are answered before Fastify when everything they need is at hand (page-finder.ts).
  if (!dev && opts.guestCache && opts.fastPages && opts.peekViewer)
    opts.fastPages.use(
      pageFinder({
        guestCache: opts.guestCache,
        peekViewer: opts.peekViewer,
        overlays: opts.overlays,
        tails,
      }),
    );

  registerPreferenceLink(app);
  app.route({ method: 'GET', url: '/*', handler: handlePage });
  app.route({ method: 'GET', url: '/', handler: handlePage });
}
