import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paced } from './paced.js';

/** What the server received, by path. */
const bodies = new Map<string, string[]>();
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const path = req.url ?? '';
      bodies.set(path, [...(bodies.get(path) ?? []), body]);
      if (path === '/chunked') {
        res.write('{"a":');
        res.end('1}');
        return;
      }
      const reply = JSON.stringify({ Code: 0, Data: { echo: body, pad: 'x'.repeat(3000) } });
      const status = path === '/odd-fails' && Number(JSON.parse(body || '{}').n) % 2 ? 500 : 200;
      const headers = {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(reply)),
        ...(path === '/close' ? { connection: 'close' } : {}),
      };
      // /slow answers after 40 ms: its latency counts from when each request was due.
      setTimeout(() => res.writeHead(status, headers).end(reply), path === '/slow' ? 40 : 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (path: string, extra: Partial<Parameters<typeof paced>[0]> = {}) =>
  paced({
    url: base + path,
    rate: 400,
    seconds: 0.5,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: (n) => JSON.stringify({ n, text: `第 ${n} 条` }),
    ...extra,
  });

describe('paced load on plain sockets', () => {
  it('sends every request with its own body and reads every reply, counting only after the warm-up', async () => {
    const r = await post('/ok', { warmSeconds: 0.25 });
    expect(r).toMatchObject({ errors: 0, timeouts: 0, non2xx: 0 });
    expect(r.requests.total).toBe(200);
    const got = bodies.get('/ok')!.map((b) => JSON.parse(b) as { n: number; text: string });
    expect(got).toHaveLength(300);
    expect(new Set(got.map((b) => b.n)).size).toBe(300);
    expect(got.find((b) => b.n === 7)?.text).toBe('第 7 条');
  });

  it('counts non-2xx replies', async () => {
    const r = await post('/odd-fails');
    expect(r.non2xx).toBe(100);
    expect(r.errors).toBe(0);
  });

  it('charges a slow server from when each request was due', async () => {
    const r = await post('/slow');
    expect(r.latency.p50).toBeGreaterThanOrEqual(39);
    expect(r.timeouts).toBe(0);
  });

  it('opens a new connection when the server closes one after its reply', async () => {
    const r = await post('/close', { rate: 100 });
    expect(r).toMatchObject({ errors: 0, timeouts: 0, non2xx: 0 });
    expect(r.requests.total).toBe(50);
  });

  it('fails a reply it cannot delimit (no content-length) instead of waiting for it', async () => {
    const r = await post('/chunked', { rate: 40 });
    expect(r.errors).toBe(20);
    expect(r.requests.total).toBe(0);
  });

  it('sends a GET without a body', async () => {
    const r = await paced({ url: `${base}/get?x=1`, rate: 200, seconds: 0.2, method: 'GET', headers: {} });
    expect(r).toMatchObject({ errors: 0, timeouts: 0, non2xx: 0 });
    expect(bodies.get('/get?x=1')).toHaveLength(40);
  });
});
