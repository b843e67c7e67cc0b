import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Metrics } from '../metrics/metrics.js';

/** A stored page ready to go out: status, headers (name, value, name, value, ...) and body. */
export interface FastPage {
  status: number;
  headers: readonly string[];
  /** The bytes, or how to make them from the request id (an API envelope ends with it). */
  body: Buffer | ((requestId: string) => Buffer);
  /** The route pattern the metrics count it under (pages: `/*`). */
  route?: string;
}

/** A lookup of stored replies: the one for this request, or null (Fastify answers it). */
export type FastFind = (req: IncomingMessage) => FastPage | null;

/**
 * Stored replies answered before Fastify: a page already stored for a guest or for a member's group (the web
 * layer decides, `web.plugin.ts`), and the API's shared replies and members' kept ones (the router decides,
 * `router.ts` `fastReply`), each with the same key and headers as its own route, go out as their bytes with no
 * request object, hooks or router in between. Everything else (a miss, a write, anything unusual) goes to
 * Fastify as before. Request ids, metrics and request log lines are kept as Fastify keeps them. This is what
 * lets a stored reply cost about what a bare Fastify route costs (issue 30: at least half the ceiling).
 */
export class FastPages {
  private finders: FastFind[] = [];
  private metrics: Metrics | null = null;
  private log: FastifyBaseLogger | null = null;
  /** Replies sent by the fast path (tests read it to know which path answered). */
  served = 0;

  /** Adds a lookup (the web layer's pages, the API's shared and kept replies); the first answer wins. */
  use(find: FastFind): void {
    this.finders.push(find);
  }

  /** Where a served request is counted and logged, as Fastify's own hooks would. */
  observe(metrics: Metrics | null, log: FastifyBaseLogger): void {
    this.metrics = metrics;
    this.log = log;
  }

  /** Answers `req` from the cache and says true, or says false (Fastify answers it). */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    // A client's own request id goes through Fastify (it validates and echoes it).
    if (req.method !== 'GET' || !this.finders.length || req.headers['x-request-id'] !== undefined)
      return false;
    const start = performance.now();
    let page: FastPage | null = null;
    for (const find of this.finders) if ((page = find(req))) break;
    if (!page) return false;
    const id = randomUUID();
    const body = typeof page.body === 'function' ? page.body(id) : page.body;
    const log = this.log && LOGS_REQUESTS.has(this.log.level) ? this.log.child({ reqId: id }) : null;
    log?.info({ req: rawRequest(req) }, 'incoming request');
    res.writeHead(page.status, [...page.headers, 'x-request-id', id, 'content-length', String(body.length)]);
    res.end(body);
    this.served++;
    const seconds = (performance.now() - start) / 1000;
    this.metrics?.request('GET', page.route ?? '/*', page.status, seconds);
    log?.info({ res: { statusCode: page.status }, responseTime: seconds * 1000 }, 'request completed');
    return true;
  }

  /**
   * The HTTP server Fastify runs on (its `serverFactory`): the fast path first, then Fastify's handler, with
   * the timeouts Fastify would set on a server of its own.
   */
  server(handler: RequestListener, options: FastifyServerOptions): http.Server {
    const own = (options as { http?: http.ServerOptions }).http ?? {};
    const server = http.createServer(own, (req, res) => {
      if (!this.serve(req, res)) handler(req, res);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  }
}

/** Levels at which Fastify logs each request (info and below). */
const LOGS_REQUESTS = new Set(['info', 'debug', 'trace']);

/** What Fastify's request serializer reads, from the raw request. */
function rawRequest(req: IncomingMessage) {
  return {
    method: req.method,
    url: req.url,
    headers: req.headers,
    host: req.headers.host,
    ip: req.socket.remoteAddress,
    socket: req.socket,
  };
}
