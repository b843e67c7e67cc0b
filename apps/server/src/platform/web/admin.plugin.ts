import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';

const DEFAULT_ADMIN_ROOT = fileURLToPath(new URL('../../../../admin/', import.meta.url));

/** What the admin page may load: its own scripts and styles, pictures from anywhere it is shown them. */
const ADMIN_CSP =
  "default-src 'self'; img-src 'self' data: https:; style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

/**
 * Serves the admin app (`apps/admin`, a client-only build) under `/admin`: hashed assets for a year, the page
 * itself for every `/admin/*` address (the app routes in the browser). Public pages never load its bundle; the
 * server refuses its calls to anyone but an administrator.
 */
export async function registerAdminApp(
  app: FastifyInstance,
  opts: { adminRoot?: string } = {},
): Promise<void> {
  const dist = path.join(opts.adminRoot ?? DEFAULT_ADMIN_ROOT, 'dist');
  const indexFile = path.join(dist, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`admin build missing (${indexFile}); run "npm run build" first`);
  }
  const html = readFileSync(indexFile, 'utf8');
  await app.register(import('@fastify/static'), {
    root: path.join(dist, 'assets'),
    prefix: '/admin/assets/',
    decorateReply: false,
    wildcard: false,
    index: false,
    setHeaders(res) {
      res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  const page = (_req: unknown, reply: FastifyReply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', ADMIN_CSP)
      .header('x-robots-tag', 'noindex')
      .send(html);
  app.get('/admin', page);
  app.get('/admin/*', page);
}
