import { Code, httpStatusForCode } from '@forum/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { AppError } from './errors.js';
import { envelope } from './envelope.js';
import { langOf, pick, type Lang } from './lang.js';
import { sqlState } from '../db/errors.js';
import { isConnectionError, RETRY_AFTER_SECONDS, type DatabaseAvailability } from '../db/availability.js';
import { errorStatus } from './original-clients.js';

/** First failing field of a zod error, as "field: message". */
export function firstZodIssue(err: ZodError): string {
  const issue = err.issues[0];
  if (!issue) return 'invalid parameter';
  const field = issue.path.length ? issue.path.join('.') : 'body';
  return `${field}: ${issue.message}`;
}

/** Maps anything thrown to the envelope (messages in `lang`); the only place that turns errors into replies. */
export function toEnvelopeError(
  err: unknown,
  lang: Lang = 'zh',
): {
  status: number;
  code: number;
  message: string;
  data: unknown;
} {
  if (err instanceof AppError) {
    return {
      status: err.httpStatus ?? httpStatusForCode(err.code),
      code: err.code,
      message: err.messages ? pick(lang, err.messages) : err.message,
      data: err.data,
    };
  }
  if (err instanceof ZodError) {
    return { status: 400, code: Code.INVALID_PARAMETER, message: firstZodIssue(err), data: null };
  }
  const fe = err as FastifyError;
  if (fe && typeof fe.code === 'string') {
    switch (fe.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return { status: 400, code: Code.INVALID_PARAMETER, message: 'malformed JSON body', data: null };
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return {
          status: 413,
          code: Code.INVALID_PARAMETER,
          message: 'request body is too large',
          data: null,
        };
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return { status: 415, code: Code.INVALID_PARAMETER, message: 'unsupported content type', data: null };
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return { status: 400, code: Code.INVALID_PARAMETER, message: 'invalid content length', data: null };
    }
    // Other 4xx raised by Fastify or its plugins (bad URL encoding, multipart limits) are the client's doing.
    if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
      return { status: fe.statusCode, code: Code.INVALID_PARAMETER, message: fe.message, data: null };
    }
  }
  // The database out of reach (restarting, connection lost) is a moment's wait, not a failure: 503.
  if (isConnectionError(err)) {
    return { status: 503, code: Code.SERVICE_UNAVAILABLE, message: '', data: null };
  }
  // PostgreSQL data errors (class 22: bad encoding, out-of-range numbers) come from client input.
  const state = sqlState(err);
  if (state && state.startsWith('22')) {
    return { status: 400, code: Code.INVALID_PARAMETER, message: 'invalid value', data: null };
  }
  if (err instanceof SyntaxError) {
    return { status: 400, code: Code.INVALID_PARAMETER, message: 'malformed request', data: null };
  }
  return { status: 500, code: Code.INTERNAL_ERROR, message: '', data: null };
}

/** The 503 a request gets while the database is out of reach. */
const UNAVAILABLE = { status: 503, code: Code.SERVICE_UNAVAILABLE, message: '', data: null };

/**
 * Installs the error and not-found handlers that keep every /api reply inside the envelope. `availability`
 * (known once the database is open) hears connection errors; while the database is down, any 5xx becomes 503.
 */
export function installErrorHandling(
  app: FastifyInstance,
  availability: () => DatabaseAvailability | undefined = () => undefined,
): void {
  app.setErrorHandler((err: unknown, req: FastifyRequest, reply: FastifyReply) => {
    let e = toEnvelopeError(err, langOf(req));
    const db = availability();
    if (db?.seen(err) || (e.status >= 500 && db && !db.up)) e = UNAVAILABLE;
    if (e.code === Code.SERVICE_UNAVAILABLE) {
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      // The outage itself is logged once (availability.ts); thousands of requests need not repeat it.
      req.log.debug({ err: (err as Error)?.message }, 'database unavailable');
    } else if (e.status >= 500) req.log.error({ err }, 'unexpected error');
    else req.log.debug({ err: (err as Error)?.message }, 'client error');
    // One rule: the original Discuz! Q clients get their errors with HTTP 200 (see original-clients.ts).
    return reply.code(errorStatus(req, e.status)).send(envelope(req, e.code, e.message, e.data));
  });
  app.setNotFoundHandler((req, reply) =>
    reply.code(errorStatus(req, 404)).send(envelope(req, Code.RESOURCE_NOT_FOUND, '', null)),
  );
}
