import { codeMessages } from '@forum/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { langOf } from './lang.js';

/** "Y-m-d H:i:s" in UTC, the original's RequestTime format. */
export function requestTime(d = new Date()): string {
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

/** Picks the zh or en default message from the reader's language. */
export function defaultMessage(code: number, req?: FastifyRequest): string {
  const m = codeMessages[code];
  if (!m) return '';
  return req && langOf(req) === 'en' ? m.en : m.zh;
}

/** Builds the one reply shape every /api call answers with. */
export function envelope(req: FastifyRequest, code: number, message: string, data: unknown) {
  return {
    Code: code,
    Message: message || defaultMessage(code, req),
    Data: data,
    RequestId: String(req.id),
    RequestTime: requestTime(),
  };
}

/** Sends a success envelope. */
export function sendOk(req: FastifyRequest, reply: FastifyReply, data: unknown) {
  return reply.code(200).send(envelope(req, 0, '', data));
}

/** A success reply's data, serialised once: cached replies are stored and sent as this. */
export interface SerializedData {
  json: string;
}

/** Data a handler has already written as JSON text (spliced from cached pieces); sent as it is. */
export class RawJson implements SerializedData {
  constructor(readonly json: string) {}
}

/** Sends a success envelope around data serialised earlier (a cache hit costs no serialisation). */
export function sendOkSerialized(req: FastifyRequest, reply: FastifyReply, data: SerializedData) {
  const message = JSON.stringify(defaultMessage(0, req));
  return reply
    .code(200)
    .type('application/json; charset=utf-8')
    .send(
      `{"Code":0,"Message":${message},"Data":${data.json},"RequestId":${JSON.stringify(String(req.id))},` +
        `"RequestTime":"${requestTime()}"}`,
    );
}
