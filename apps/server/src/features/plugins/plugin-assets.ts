import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/http/errors.js';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
};

/**
 * Serves the web part of plugins installed at runtime: `/plugin-assets/<name>/<version>/<file>` from the
 * plugin's `web/` folder (the version in the path lets browsers keep a file for good). Nothing outside it.
 */
export function mountPluginAssets(app: FastifyInstance, webDirOf: (name: string) => string | null): void {
  app.get('/plugin-assets/:name/:version/*', async (req, reply) => {
    const { name, '*': rest } = req.params as { name: string; version: string; '*': string };
    const root = webDirOf(name);
    const type = TYPES[path.extname(rest).toLowerCase()];
    if (!root || !type) throw notFound();
    const file = path.resolve(root, rest);
    if (!file.startsWith(root + path.sep) || !existsSync(file) || !statSync(file).isFile()) throw notFound();
    return reply
      .header('content-type', type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(createReadStream(file));
  });
}
