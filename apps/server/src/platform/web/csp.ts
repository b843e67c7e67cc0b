/**
 * Content-Security-Policy of HTML pages. Scripts run only with this page's nonce; 'strict-dynamic' lets those
 * scripts load others, which is what the admin's statistics snippet (spec §1) does. Inline style attributes are
 * allowed because components set sizes inline. Dev mode adds the Vite HMR websocket.
 */
export function pageCsp(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' https:`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' https:${dev ? ' ws: wss:' : ''}`,
    "frame-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}
