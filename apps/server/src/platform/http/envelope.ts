import { codeMessages } from '@forum/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GzipTemplate } from './gzip-template.js';
import { langOf } from './lang.js';
import { closeKept, keptCoding, type KeptReply } from '../cache/member-replies.js';
import { accepts, closeGzip, openGzip, pickEncoding, StoredBody, type OpenGzip } from './stored-body.js';

let lastSecond = -1;
let lastTime = '';

/** "Y-m-d H:i:s" in UTC, the original's RequestTime format (made once a second for the current time). */
export function requestTime(d?: Date): string {
  if (d) return d.toISOString().slice(0, 19).replace('T', ' ');
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== lastSecond) {
    lastSecond = second;
    lastTime = new Date(second * 1000).toISOString().slice(0, 19).replace('T', ' ');
  }
  return lastTime;
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
  #text: string | (() => string);

  /** The text, or how to make it when someone needs it (a spliced reply sent compressed never does). */
  constructor(text: string | (() => string)) {
    this.#text = text;
  }

  get json(): string {
    if (typeof this.#text === 'function') this.#text = this.#text();
    return this.#text;
  }
}

/**
 * JSON text made of a group's shared pieces around a member's short holes of fixed width (their marks in a
 * list): `pieces[0] holes[0] pieces[1] … pieces[n]`. Sent gzip from the group's template, compiled once per
 * envelope prefix (GzipTemplate): the member's reply costs copying bytes, not compressing them.
 */
export class SplicedJson extends RawJson {
  constructor(
    readonly pieces: readonly string[],
    readonly holes: readonly Buffer[],
    /** The group's compiled templates (kept with the group's cached page, so they go with it). */
    private readonly templates: Map<string, Promise<GzipTemplate>>,
  ) {
    super(() => pieces.map((p, i) => (i < holes.length ? p + holes[i]!.toString('latin1') : p)).join(''));
  }

  /** The template for replies whose envelope starts with `prefix` (the group's pieces after it). */
  template(prefix: string): Promise<GzipTemplate> {
    // The middle pieces are the group page's items; its ends carry what else the reply says (page, counts).
    const key = `${prefix}\u0000${this.pieces[0]}\u0000${this.pieces.at(-1)}\u0000${this.pieces.length}`;
    let t = this.templates.get(key);
    if (!t) {
      const pieces = this.pieces.map((p, i) => Buffer.from(i === 0 ? prefix + p : p, 'utf8'));
      t = GzipTemplate.compile(
        pieces,
        this.holes.map((h) => h.length),
      );
      // A failed compile is not kept: the next reply tries again.
      t.catch(() => this.templates.delete(key));
      this.templates.set(key, t);
    }
    return t;
  }
}

/** A shared reply stored whole: the envelope up to and with its data, compressed once (StoredBody). */
export interface StoredReply {
  body: StoredBody;
  /** Where the data's JSON starts in the plain bytes (after the envelope's prefix). */
  dataAt: number;
}

/** The envelope's start for a success reply in the reader's language: `{"Code":0,"Message":…,"Data":`. */
function okPrefix(req: FastifyRequest): string {
  return `{"Code":0,"Message":${JSON.stringify(defaultMessage(0, req))},"Data":`;
}

/** The envelope's end, different for every reply: its request id and time. */
function okTail(req: FastifyRequest): Buffer {
  return okTailFor(String(req.id));
}

/** {@link okTail} for a request id made outside Fastify (the fast path, `fast-pages.ts`). */
export function okTailFor(id: string): Buffer {
  return Buffer.from(`,"RequestId":${JSON.stringify(id)},"RequestTime":"${requestTime()}"}`);
}

/** Stores a shared reply's envelope and data once, compressed (for {@link sendStored}). */
export async function storeReply(req: FastifyRequest, data: SerializedData): Promise<StoredReply> {
  const prefix = Buffer.from(okPrefix(req), 'utf8');
  const body = await StoredBody.of(Buffer.concat([prefix, Buffer.from(data.json, 'utf8')]));
  return { body, dataAt: prefix.length };
}

/** A stored reply's data as JSON text (the original clients' replies are reshaped from it). */
export function storedJson(stored: StoredReply): string {
  return stored.body.identity().subarray(stored.dataAt).toString('utf8');
}

/** Sends a stored reply in the coding the reader takes, its request id and time appended uncompressed. */
export function sendStored(req: FastifyRequest, reply: FastifyReply, stored: StoredReply) {
  stored.body.hit();
  const enc = stored.body.encodingFor(pickEncoding(req.headers['accept-encoding']));
  reply.code(200).type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (enc !== 'identity') reply.header('content-encoding', enc);
  return reply.send(stored.body.withTail(enc, okTail(req)));
}

/**
 * Sends a spliced reply gzip from its group's template when the reader takes gzip (handing the open bytes to
 * `keep`, so the member's next read can skip the handler), else as plain text.
 */
export async function sendSpliced(
  req: FastifyRequest,
  reply: FastifyReply,
  data: SplicedJson,
  keep?: (open: OpenGzip) => void,
) {
  reply.header('vary', 'accept-encoding');
  if (!accepts(req.headers['accept-encoding'], 'gzip')) return sendOkSerialized(req, reply, data);
  const open = (await data.template(okPrefix(req))).open(data.holes as Buffer[]);
  keep?.(open);
  return sendOpenGzip(req, reply, open);
}

/**
 * Sends a member's reply that is theirs alone (their own thread on a shared list page) gzip, compressed once
 * and handed to `keep` left open: their next reads of it, until a write, cost what a spliced reply's do.
 */
export async function sendKeptGzip(
  req: FastifyRequest,
  reply: FastifyReply,
  data: SerializedData,
  keep: (open: OpenGzip) => void,
) {
  const open = await openGzip(Buffer.from(okPrefix(req) + data.json, 'utf8'));
  keep(open);
  return sendOpenGzip(req, reply, open);
}

/** Sends a member's kept reply closed with this reply's request id and time: brotli when kept and taken. */
export function sendKept(req: FastifyRequest, reply: FastifyReply, kept: KeptReply) {
  const enc = keptCoding(kept, req.headers['accept-encoding']);
  return reply
    .code(200)
    .type('application/json; charset=utf-8')
    .header('vary', 'accept-encoding')
    .header('content-encoding', enc)
    .send(closeKept(kept, enc, okTail(req)));
}

/** Sends a kept member's reply (gzip left open) closed with this reply's request id and time. */
export function sendOpenGzip(req: FastifyRequest, reply: FastifyReply, open: OpenGzip) {
  return reply
    .code(200)
    .type('application/json; charset=utf-8')
    .header('vary', 'accept-encoding')
    .header('content-encoding', 'gzip')
    .send(closeGzip(open, okTail(req)));
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
