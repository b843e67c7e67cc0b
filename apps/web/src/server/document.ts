import { escapeHtml, ogTags, type ResolvedHead } from '../app/head.ts';

/** Tags for the environment: the Vite dev client, or the built entry with its CSS and chunk map. */
export interface PageAssets {
  /** Extra head HTML (stylesheets, dev preamble); ` nonce="__NONCE__"` becomes the page nonce, or goes. */
  head: string;
  /** Scripts at the end of body; ` nonce="__NONCE__"` becomes the page nonce, or goes. */
  body: string;
  /** Preload tags for route modules (by source path), from the build manifest. */
  preload?: (modules: string[]) => string;
}

/** Everything the document shell needs besides the React stream. */
export interface DocumentParts {
  lang: 'zh' | 'en';
  theme: 'light' | 'dark';
  platform: 'pc' | 'h5';
  head: ResolvedHead;
  /** The page's CSP nonce; none where the policy lists the inline scripts by hash (production). */
  nonce?: string;
  assets: PageAssets;
  modules: string[];
  hydration: string;
  siteStat: string;
  /**
   * A group-shared page: its viewer overlay's address. The server puts each member's overlay at the page's end
   * (a data block); a page without it asks this address after hydration.
   */
  overlay?: string;
}

/** Adds the page nonce to every `<script>` of the admin's statistics snippet so the CSP lets it run. */
export function nonceScripts(html: string, nonce: string): string {
  return html.replace(/<script\b(?![^>]*\bnonce=)/gi, `<script nonce="${nonce}"`);
}

/** JSON for an inline script: `<` and line separators escaped so data can never close the script element. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The router's hydration data, with route errors in the shape `createBrowserRouter` revives. */
export function serializeHydration(
  loaderData: unknown,
  actionData: unknown,
  errors: Record<string, unknown> | null,
  isRouteErrorResponse: (e: unknown) => boolean,
): string {
  let serialized: Record<string, unknown> | null = null;
  if (errors) {
    serialized = {};
    for (const [id, e] of Object.entries(errors)) {
      if (isRouteErrorResponse(e)) serialized[id] = { ...(e as object), __type: 'RouteErrorResponse' };
      else if (e instanceof Error) serialized[id] = { message: e.message, __type: 'Error' };
      else serialized[id] = e;
    }
  }
  return inlineJson({ loaderData, actionData, errors: serialized });
}

/** The HTML before and after the React stream. */
export function buildDocument(p: DocumentParts): [string, string] {
  const attr = p.nonce ? ` nonce="${escapeHtml(p.nonce)}"` : '';
  const withNonce = (s: string) => s.replaceAll(' nonce="__NONCE__"', attr);
  const before =
    `<!doctype html><html lang="${p.lang === 'en' ? 'en' : 'zh-CN'}" data-theme="${p.theme}" data-platform="${p.platform}"${p.overlay ? ` data-viewer="pending" data-overlay="${escapeHtml(p.overlay)}"` : ''}>` +
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">` +
    `<title>${escapeHtml(p.head.title)}</title>` +
    `<meta name="keywords" content="${escapeHtml(p.head.keywords)}">` +
    `<meta name="description" content="${escapeHtml(p.head.description)}">` +
    `<link rel="icon" href="${escapeHtml(p.head.favicon)}">` +
    ogTags(p.head) +
    withNonce(p.assets.head) +
    withNonce(p.assets.preload?.(p.modules) ?? '') +
    `</head><body>` +
    `<div id="root">`;
  const after =
    `</div><script${attr}>window.__staticRouterHydrationData=${p.hydration};</script>` +
    withNonce(p.assets.body) +
    (p.siteStat
      ? `<div hidden data-site-stat>${p.nonce ? nonceScripts(p.siteStat, escapeHtml(p.nonce)) : p.siteStat}</div>`
      : '') +
    `</body></html>`;
  return [before, after];
}
