import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';

/**
 * pino options: secrets redacted (tokens, passwords, cookies); JSON lines, or pino-pretty's readable lines
 * (in pino's worker thread, off the event loop) when config.logFormat says a person is reading.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(config.logFormat === 'pretty'
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
          },
        }
      : {}),
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
