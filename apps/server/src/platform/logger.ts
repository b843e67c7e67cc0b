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
        'res.headers["set-cookie"]',
        '*.password',
        '*.accessToken',
        '*.refreshToken',
      ],
      censor: '[redacted]',
    },
  };
}
