import { PassThrough, Writable, type Readable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
} from 'react-router';
import { createApiClient, type FetchLike } from '@forum/api-client';
import { routes, type ForumRouteHandle } from './app/routes.tsx';
import { headForMatches } from './app/head-manager.tsx';
import { platformFromUserAgent } from './app/platform.ts';
import { readCookie } from './app/session.ts';
import { THEME_COOKIE, type ServerContext } from './app/api.ts';
import type { RootData } from './app/root-loader.ts';
import { buildDocument, serializeHydration, type PageAssets } from './server/document.ts';
import { overlayUrl } from './app/overlay.ts';
import { LANG_COOKIE, toLang } from './i18n/i18n.ts';
import { serverTranslator, shellTranslator } from './i18n/server.ts';
import { I18nProvider } from './i18n/use-translation.tsx';
import { pluginInStack } from './plugins/plugin-registry.ts';

/** One page request as the forum server sees it. */
export interface RenderRequest {
  /** Absolute URL of the page. */
  url: string;
  headers: Record<string, string | undefined>;
  /** In-process API transport (the server's `app.inject()`), carrying the visitor's cookies. */
  fetch: FetchLike;
  /** CSP nonce for every script this page emits (dev; a production page's policy lists its scripts by hash). */
  nonce?: string;
  /** Script and style tags for the environment (Vite dev client or built bundles). */
  assets: PageAssets;
  signal?: AbortSignal;
  /** Rendered once for every member of a group: no personal data; each member's overlay goes at its end. */
  shared?: boolean;
}

/** What the server should send back. */
export interface RenderResult {
  status: number;
  redirect?: string;
  /** The HTML document, streamed. */
  body?: Readable;
  /** A shared render: the address of its viewer overlay (the server puts each member's at the page's end). */
  overlay?: string;
}

const handler = createStaticHandler(routes);

/** Renders one page: runs the route loaders through the API, then streams the document. */
export async function render(req: RenderRequest): Promise<RenderResult> {
  const cookie = req.headers.cookie ?? '';
  const lang = toLang(readCookie(cookie, LANG_COOKIE));
  const theme = readCookie(cookie, THEME_COOKIE) === 'dark' ? 'dark' : 'light';
  const platform = platformFromUserAgent(req.headers['user-agent']);
  const url = new URL(req.url);
  const forwarded: Record<string, string> = { cookie };
  if (req.headers['user-agent']) forwarded['user-agent'] = req.headers['user-agent'];
  // The page's language (its cookie, else Chinese) rather than the browser's: the data matches the page.
  forwarded['accept-language'] = lang === 'en' ? 'en' : 'zh-CN';
  // Spec §7: while loading page data for the first render, a 5xx is retried up to 3 times.
  const api = createApiClient({
    fetch: req.fetch,
    retries5xx: 3,
    timeoutMs: 30000,
    headers: () => forwarded,
  });
  const requestContext: ServerContext = {
    api,
    platform,
    lang,
    theme,
    origin: url.origin,
    shared: req.shared === true,
  };

  const context = await handler.query(new Request(url, { signal: req.signal }), { requestContext });
  if (context instanceof Response) {
    const location = context.headers.get('location');
    return location ? { status: context.status, redirect: location } : { status: context.status };
  }

  const namespaces = context.matches.flatMap(
    (m) => (m.route.handle as ForumRouteHandle | undefined)?.namespaces ?? [],
  );
  // The shell plus the matched pages' strings, shared by all renders (the browser adds the same before hydrating).
  const i18n = await serverTranslator(lang, namespaces);
  const root = context.loaderData.root as RootData | undefined;
  const head = headForMatches(
    context.matches.map((m) => ({
      id: m.route.id,
      handle: m.route.handle,
      loaderData: context.loaderData[m.route.id],
    })),
    root?.forum.setSite,
    i18n.t,
    context.errors,
  );
  // The browser imports the shell strings and the page's namespaces before hydrating: preload them with the page.
  const modules = [
    `src/i18n/${lang}.ts`,
    ...namespaces.map((ns) => `src/i18n/${lang}-${ns}.ts`),
    ...context.matches
      .map((m) => (m.route.handle as ForumRouteHandle | undefined)?.module)
      .filter((m): m is string => Boolean(m)),
  ];
  const router = createStaticRouter(handler.dataRoutes, context);
  const hydration = serializeHydration(
    context.loaderData,
    context.actionData,
    context.errors,
    isRouteErrorResponse,
  );

  return new Promise<RenderResult>((resolve, reject) => {
    let status = context.statusCode;
    const stream = renderToPipeableStream(
      <I18nProvider i18n={i18n}>
        <StaticRouterProvider router={router} context={context} hydrate={false} nonce={req.nonce} />
      </I18nProvider>,
      {
        nonce: req.nonce,
        // Every boundary is complete when the page goes out (onAllReady): React 19 would still move a boundary
        // above this many bytes out of line, sending its content hidden, a script that reveals it up to 300 ms
        // after the first paint, and its fallback too (about 1 KB more per page). Inline, it shows at once.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // Waiting for everything keeps the status code honest and serves complete HTML to crawlers.
        onAllReady() {
          const overlay = req.shared
            ? overlayUrl(
                context.matches
                  .filter((m) => m.route.id !== 'root')
                  .map((m) => context.loaderData[m.route.id]),
              )
            : undefined;
          const [before, after] = buildDocument({
            lang,
            theme,
            platform,
            head,
            nonce: req.nonce,
            assets: req.assets,
            modules,
            hydration,
            siteStat: root?.forum.setSite.siteStat ?? '',
            overlay,
          });
          const body = new PassThrough();
          body.write(before);
          // React ends its destination when done; the sink forwards chunks and appends the document tail.
          const sink = new Writable({
            write(chunk: Buffer, _enc, cb) {
              body.write(chunk, cb);
            },
            final(cb) {
              body.end(after);
              cb();
            },
          });
          stream.pipe(sink);
          resolve({ status, body, overlay });
        },
        onShellError(error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error, info) {
          // A plugin that throws is client-rendered in its own boundary (Suspense edge): the page is fine.
          const plugin = pluginInStack(info?.componentStack);
          if (plugin) {
            console.error(`[plugin error] ${plugin}`, error);
            return;
          }
          status = 500;
          console.error('[web] render error', error);
        },
      },
    );
    req.signal?.addEventListener('abort', () => stream.abort());
  });
}

/**
 * The page while the database is out of reach (HTTP 503): plain HTML, no data needed, and it reloads itself
 * after `retryAfterSeconds`, so a reader waiting on it sees the site come back.
 */
export function renderUnavailable(
  headers: Record<string, string | undefined>,
  retryAfterSeconds: number,
): string {
  const lang = toLang(readCookie(headers.cookie ?? '', LANG_COOKIE));
  const tr = shellTranslator(lang);
  const t = (key: string) => tr.t(key);
  return (
    `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta http-equiv="refresh" content="${Math.max(1, Math.trunc(retryAfterSeconds))}"><title>${t('error.title')}</title></head>` +
    `<body style="font-family:sans-serif;max-width:40em;margin:20vh auto;padding:0 16px;text-align:center;color:#333">` +
    `<p>${t('error.unavailable')}</p><p><a href="">${t('error.reload')}</a></p></body></html>`
  );
}

/** The fallback error page in plain HTML, for when React itself cannot render (spec §2). */
export function renderFallbackError(headers: Record<string, string | undefined>): string {
  const errorLang = toLang(readCookie(headers.cookie ?? '', LANG_COOKIE));
  const msg = shellTranslator(errorLang).t('error.message');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${msg}</title></head><body><p>${msg}</p></body></html>`;
}
