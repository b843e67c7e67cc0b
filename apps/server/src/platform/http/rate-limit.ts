import { createHash } from 'node:crypto';
import { Code } from '@forum/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { RateLimitConfig } from '../config.js';
import { tokenFromRequest } from '../auth/tokens.js';
import { AppError } from './errors.js';

function classOf(req: FastifyRequest) {
  return req.routeOptions.config?.rateClass ?? (req.method === 'GET' ? 'read' : 'write');
}

/** Per user (token) or IP, per route class; counters in Redis when it is configured, so instances share them. */
export async function installRateLimit(
  app: FastifyInstance,
  cfg: RateLimitConfig,
  redis: Redis | null,
  namespace = 'forum',
): Promise<void> {
  if (!cfg.enabled) return;
  const { default: rateLimit } = await import('@fastify/rate-limit');
  await app.register(rateLimit, {
    global: true,
    timeWindow: cfg.windowMs,
    ...(redis ? { redis, nameSpace: `forum-rl:${namespace}:` } : {}),
    max: (req: FastifyRequest) => cfg[classOf(req)],
    keyGenerator: (req: FastifyRequest) => {
      const t = tokenFromRequest(req);
      const who = t
        ? 't' + createHash('sha1').update(t.token).digest('hex').slice(0, 20)
        : 'ip' + (req.ip ?? 'unknown');
      return `${classOf(req)}:${who}`;
    },
    // Health probes and static assets are not API traffic.
    allowList: (req: FastifyRequest) => !req.url.startsWith('/api/'),
    errorResponseBuilder: (_req, ctx) =>
      new AppError(Code.TOO_MANY_REQUESTS, '', { retryAfterSeconds: Math.ceil(ctx.ttl / 1000) }, 429),
  });
}
