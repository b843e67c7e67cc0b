import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';

/** pino options: JSON logs, secrets redacted (tokens, passwords, cookies). */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        // The in-process group-render marker carries a per-process secret (app.ts).
        'req.headers["x-forum-view-as"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.accessToken',
        '*.refreshToken',
      ],
      censor: '[redacted]',
    },
  };
}
