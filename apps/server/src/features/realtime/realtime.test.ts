import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import { call, registerUser, startInstances, startTestApp, type TestApp } from '../../test/harness.js';

type U = { token: string; userId: number };
type Ev = { id: number; kind: string; payload: any };

/** A member's socket that collects events; `next(pred)` waits for the first matching one not taken yet. */
function openSocket(base: string, token: string | null, after = 0, headers: Record<string, string> = {}) {
  const url = base.replace('http', 'ws') + `/api/v3/realtime${after ? `?after=${after}` : ''}`;
  const ws = new WebSocket(url, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
  const events: Ev[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (data) => {
    events.push(JSON.parse(String(data)) as Ev);
    for (const w of waiters.splice(0)) w();
  });
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  let taken = 0;
  async function next(pred: (e: Ev) => boolean, ms = 3000): Promise<Ev> {
    const t0 = Date.now();
    for (;;) {
      const i = events.findIndex((e, k) => k >= taken && pred(e));
      if (i >= 0) {
        taken = i + 1;
        return events[i]!;
      }
      if (Date.now() - t0 > ms)
        throw new Error(`no matching event in ${ms} ms (have ${JSON.stringify(events)})`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 50);
      });
    }
  }
  return { ws, events, opened, closed, next };
}

let t: TestApp;
let base: string;
let ann: U;
let ben: U;

beforeAll(async () => {
  t = await startTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  [ann, ben] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
});
afterAll(async () => t?.close());

const send = (app: FastifyInstance, from: U, to: U, text: string) =>
  call(app, 'POST', '/api/v3/dialog.create', {
    token: from.token,
    body: { recipientUserId: to.userId, messageText: text },
  });

describe('realtime channel', () => {
  it('pushes a message to the recipient, and catches up by id without gaps or repeats', async () => {
    const s = openSocket(base, ann.token);
    await s.opened;
    await new Promise((r) => setTimeout(r, 50));
    expect((await send(t.app, ben, ann, '实时你好')).Code).toBe(0);
    const msg = await s.next((e) => e.kind === 'message');
    expect(msg.payload.message).toMatchObject({ messageText: '实时你好', isMine: false });
    // No totals ride with a message (the client adds it up); the counts call agrees.
    const unread = await call(t.app, 'GET', '/api/v3/unreadnotification', { token: ann.token });
    expect(unread.Data.dialogMessageUnread).toBe(1);
    const counts = msg;
    s.ws.close();
    await s.closed;

    // Away: two more arrive; back with the last id seen, exactly those two come, in order.
    await send(t.app, ben, ann, '离线一');
    await send(t.app, ben, ann, '离线二');
    const back = openSocket(base, ann.token, counts.id);
    await back.opened;
    const a = await back.next((e) => e.kind === 'message');
    const b = await back.next((e) => e.kind === 'message');
    expect([a.payload.message.messageText, b.payload.message.messageText]).toEqual(['离线一', '离线二']);
    await new Promise((r) => setTimeout(r, 150));
    const ids = back.events.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => id > counts.id)).toBe(true);

    // The polling fallback returns the same events after the same id.
    const poll = await call(t.app, 'GET', '/api/v3/realtime.events', {
      token: ann.token,
      query: { after: String(counts.id) },
    });
    expect(poll.Data.events.map((e: Ev) => e.id)).toEqual(ids);
    expect(poll.Data.unread.dialogMessageUnread).toBe(3);
    back.ws.close();
  });

  it('refuses guests and other sites; a logout closes the socket', async () => {
    await expect(openSocket(base, null).opened).rejects.toThrow('401');
    await expect(openSocket(base, ann.token, 0, { origin: 'http://evil.example' }).opened).rejects.toThrow(
      '403',
    );
    expect((await call(t.app, 'GET', '/api/v3/realtime.events')).Code).toBe(-3001);
    const bad = await call(t.app, 'GET', '/api/v3/realtime.events', {
      token: ann.token,
      query: { after: 'x' },
    });
    expect(bad.Code).toBe(-4001);
    expect(bad.Message).toContain('after');

    const u = await registerUser(t.app);
    const s = openSocket(base, u.token);
    await s.opened;
    await call(t.app, 'POST', '/api/v3/users/logout', { token: u.token });
    expect(await s.closed).toBe(4001);
    // Its dead token, offered again, is told the session ended (not a refused handshake).
    const again = openSocket(base, u.token);
    await again.opened;
    expect(await again.closed).toBe(4001);
  });

  it('serves the same channel as server-sent events', async () => {
    const ctrl = new AbortController();
    const res = await fetch(`${base}/api/v3/realtime/sse`, {
      headers: { authorization: `Bearer ${ann.token}` },
      signal: ctrl.signal,
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    // Hijacked, it writes its own head: the security headers are still on it.
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const reader = res.body!.getReader();
    await send(t.app, ben, ann, '事件流');
    let text = '';
    const t0 = Date.now();
    while (!text.includes('事件流') && Date.now() - t0 < 3000) {
      const { value } = await reader.read();
      text += new TextDecoder().decode(value);
    }
    expect(text).toMatch(/id: \d+\ndata: \{.*"kind":"message"/);
    ctrl.abort();
    expect((await fetch(`${base}/api/v3/realtime/sse`)).status).toBe(401);
  });
});

// Two instances on one database and one Redis, as behind a load balancer.
const reason = process.env.REDIS_URL ? null : 'REDIS_URL is not set: cross-instance delivery needs Redis';
describe.skipIf(!!reason)(`realtime across instances${reason ? ` (skipped: ${reason})` : ''}`, () => {
  it('a message sent through instance A reaches a socket on instance B', async () => {
    const both = await startInstances(2);
    const [a, b] = both.apps as [FastifyInstance, FastifyInstance];
    try {
      const bBase = await b.listen({ port: 0, host: '127.0.0.1' });
      const [x, y] = [await registerUser(a), await registerUser(a)];
      const s = openSocket(bBase, y.token);
      await s.opened;
      await new Promise((r) => setTimeout(r, 50));
      expect((await send(a, x, y, '跨实例')).Code).toBe(0);
      const ev = await s.next((e) => e.kind === 'message');
      expect(ev.payload.message.messageText).toBe('跨实例');
      s.ws.close();
    } finally {
      await both.close();
    }
  });
});
