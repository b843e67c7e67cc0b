import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/db.js';
import type { GuestCache } from '../cache/guest-cache.js';
import type { Metrics } from './metrics.js';

/**
 * Mounts `GET /metrics` (Prometheus text). Off the public site by default: with METRICS_TOKEN it answers a
 * matching Bearer token (401 without one, 403 for a wrong one), with METRICS_PORT a second listener on
 * 127.0.0.1 serves it tokenless; otherwise it is 404 and nothing is measured. Call before routes are added:
 * the timing hook applies to routes registered after it.
 */
export async function installMetrics(
  app: FastifyInstance,
  config: Config,
  database: Database,
  cache: GuestCache,
): Promise<Metrics | null> {
  const token = config.metricsToken ? Buffer.from(`Bearer ${config.metricsToken}`) : null;
  // Registered even when off: otherwise the site's page route would render /metrics as a page.
  if (!token && !config.metricsPort) {
    app.get('/metrics', (_req, reply) => reply.callNotFound());
    return null;
  }
  // prom-client (2 MB of heap, marked at every full collection) is loaded only where metrics are on.
  const { Metrics } = await import('./metrics.js');
  const metrics = new Metrics(database, cache);
  database.timeQueries((seconds) => metrics.query(seconds));
  // The request's own clock (Fastify's), its matched pattern and status: one histogram observe per request.
  app.addHook('onResponse', (req, reply, done) => {
    metrics.request(
      req.method,
      req.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  app.get('/metrics', async (req, reply) => {
    if (!token) return reply.callNotFound();
    const given = req.headers.authorization;
    if (!given) return reply.code(401).header('www-authenticate', 'Bearer').type('text/plain').send('401\n');
    const bytes = Buffer.from(given);
    if (bytes.length !== token.length || !timingSafeEqual(bytes, token))
      return reply.code(403).type('text/plain').send('403\n');
    const { contentType, body } = await metrics.text();
    return reply.type(contentType).header('cache-control', 'no-store').send(body);
  });

  if (config.metricsPort) {
    const server = http.createServer((req, res) => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('404\n');
        return;
      }
      metrics.text().then(
        ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
        () => res.writeHead(500).end(),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.metricsPort, '127.0.0.1', () => resolve());
    });
    app.log.info(`metrics on http://127.0.0.1:${config.metricsPort}/metrics`);
    app.addHook('onClose', () => new Promise<void>((resolve) => server.close(() => resolve())));
  }
  return metrics;
}
