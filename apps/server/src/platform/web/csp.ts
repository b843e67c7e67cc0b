import { createHash } from 'node:crypto';

/** Directives every page shares; only `script-src` differs between the two policies below. */
function policy(scriptSrc: string, dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    // Video and audio attachments play from the object store's signed URLs (the API redirects there).
    "media-src 'self' blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' https:${dev ? ' ws: wss:' : ''}`,
    "frame-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/**
 * Dev-mode policy: scripts run only with this response's nonce; 'strict-dynamic' lets them load Vite's modules.
 * Inline style attributes are allowed because components set sizes inline.
 */
export function pageCsp(nonce: string, dev: boolean): string {
  return policy(`'self' 'nonce-${nonce}' 'strict-dynamic' https:`, dev);
}

/**
 * Production policy: our own files, the exact inline scripts of this document by hash, and the origins the
 * admin's statistics snippet (spec §1) names. A page's bytes then never change per response, so a rendered
 * page can be cached and stored compressed once (a nonce would force a rewrite and a recompression per hit).
 */
export function hashedPageCsp(html: string): string {
  const sources = new Set<string>(["'self'"]);
  for (const m of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(m[1]!)) continue;
    sources.add(`'sha256-${createHash('sha256').update(m[2]!, 'utf8').digest('base64')}'`);
  }
  for (const origin of statOrigins(html)) sources.add(origin);
  return policy([...sources].join(' '), false);
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
/** The document ends with the admin's snippet in this wrapper (see the web app's `buildDocument`). */
const STAT_OPEN = '<div hidden data-site-stat>';

/**
 * https origins named in the statistics snippet, e.g. an analytics loader that adds its own script. Only the
 * snippet is read: origins inside user content must never widen the policy.
 */
function statOrigins(html: string): string[] {
  const at = html.lastIndexOf(STAT_OPEN);
  if (at < 0) return [];
  const snippet = html.slice(at + STAT_OPEN.length);
  const out = new Set<string>();
  for (const m of snippet.matchAll(/https:\/\/([a-z0-9.-]+(?::\d{1,5})?)/gi))
    out.add(`https://${m[1]!.toLowerCase()}`);
  return [...out];
}
