import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { REALTIME_SSE_PATH, REALTIME_WS_PATH, type UserEvent } from '@forum/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Actor } from '../../platform/auth/actor.js';
import { ACCESS_COOKIE, hashToken } from '../../platform/auth/tokens.js';
import { SECURITY_HEADER_FIELDS } from '../../platform/http/security-headers.js';
import type { RealtimeHub, Subscriber } from './hub.js';

/** A socket that has not answered a ping for this long is gone. */
const HEARTBEAT_MS = 30_000;

/** The login token of an upgrade or stream request: Bearer header, else the login cookie. */
function tokenOf(req: IncomingMessage): string | null {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || null;
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === ACCESS_COOKIE) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim()) || null;
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** A browser's socket from another site must not ride on our cookie (cross-site WebSocket hijacking). */
function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

function afterOf(url: URL, req: IncomingMessage): number {
  const raw = url.searchParams.get('after') ?? req.headers['last-event-id'];
  const n = Number(Array.isArray(raw) ? raw[0] : raw);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

function refuse(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * Serves each member's channel as a WebSocket at REALTIME_WS_PATH and as server-sent events at
 * REALTIME_SSE_PATH (issue 9 §7); both take `?after=` the last id the client has. Messages are JSON
 * `{id, kind, payload}`.
 */
export function serveChannel(
  app: FastifyInstance,
  hub: RealtimeHub,
  resolve: (token: string) => Promise<Actor | null>,
): void {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  const alive = new WeakSet<WebSocket>();

  app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== REALTIME_WS_PATH) {
      // Vite's HMR listens here in development; alone, an unknown upgrade is refused.
      if (app.server.listenerCount('upgrade') <= 1) refuse(socket, 404, 'Not Found');
      return;
    }
    if (!sameOrigin(req)) return refuse(socket, 403, 'Forbidden');
    const token = tokenOf(req);
    if (!token) return refuse(socket, 401, 'Unauthorized');
    void resolve(token).then(
      (actor) => {
        // A token that died (logout elsewhere, revoked, lapsed) gets the socket and at once the "session ended"
        // close the client stops on: a refused handshake would be a console error on every member's dead tab.
        if (!actor || actor.userId === null) {
          wss.handleUpgrade(req, socket, head, (ws) => ws.close(4001, 'session ended'));
          return;
        }
        const userId = actor.userId;
        wss.handleUpgrade(req, socket, head, (ws) => {
          alive.add(ws);
          ws.on('pong', () => alive.add(ws));
          const sub: Subscriber = {
            userId,
            token,
            tokenHash: hashToken(token),
            lastId: 0,
            push: (events) => {
              for (const e of events) ws.send(JSON.stringify(e));
            },
            close: (reason) => ws.close(4001, reason),
          };
          ws.on('close', () => hub.remove(sub));
          ws.on('error', () => hub.remove(sub));
          // The client only listens; anything it sends is ignored.
          void hub.add(sub, afterOf(url, req)).catch(() => ws.close(1011, 'try again'));
        });
      },
      () => refuse(socket, 503, 'Service Unavailable'),
    );
  });

  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      if (!alive.has(ws)) {
        ws.terminate();
        continue;
      }
      alive.delete(ws);
      ws.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  app.get(REALTIME_SSE_PATH, async (req: FastifyRequest, reply: FastifyReply) => {
    const token = tokenOf(req.raw);
    const actor = token ? await resolve(token).catch(() => null) : null;
    if (!token || !actor || actor.userId === null) {
      return reply.code(401).send({ Code: -3001, Message: 'Please log in first!', Data: null });
    }
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...SECURITY_HEADER_FIELDS,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const write = (events: UserEvent[]) => {
      for (const e of events) res.write(`id: ${e.id}\ndata: ${JSON.stringify(e)}\n\n`);
    };
    const sub: Subscriber = {
      userId: actor.userId,
      token,
      tokenHash: hashToken(token),
      lastId: 0,
      push: write,
      close: () => res.end(),
    };
    const ping = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    req.raw.on('close', () => {
      clearInterval(ping);
      hub.remove(sub);
    });
    res.write('retry: 3000\n\n');
    await hub.add(sub, afterOf(new URL(req.url, 'http://x'), req.raw));
  });

  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    hub.closeAll('server closing');
    for (const ws of wss.clients) ws.terminate();
    wss.close();
  });
}
