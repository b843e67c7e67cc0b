import type { FastifyRequest } from 'fastify';

/**
 * The site's public origin, without a trailing slash: the admin's site_url, else PUBLIC_URL, else the address
 * the request came to. Absolute links that leave the page (OAuth redirects, feeds, emoji URLs the original
 * clients resolve against their own origin) all use it.
 */
export function siteOrigin(
  settings: { get(key: 'site_url'): string },
  publicUrl: string | undefined,
): (req: FastifyRequest) => string {
  return (req) =>
    (settings.get('site_url') || publicUrl || `${req.protocol}://${req.host}`).replace(/\/+$/, '');
}
