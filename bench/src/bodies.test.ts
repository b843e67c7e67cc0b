import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepBodiesOnlyForCallbacks } from './bodies.js';

// Bytes that are not UTF-8 (as a brotli page is), 4 KB of them.
const BODY = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 151 + 7) & 0xff));

let server: http.Server;
let url: string;

beforeAll(async () => {
  keepBodiesOnlyForCallbacks();
  server = http.createServer((req, res) => {
    if (req.url === '/json') res.end('{"orderSn":"42"}');
    else res.end(BODY);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the load generator keeps bodies only where a row reads them', () => {
  it('decodes no body for a request without a callback, and the whole body for one with', () => {
    type Queue = { insertRequest(r: object): void; addBody(b: Buffer): void; peek(): { body: string } };
    const Q = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as new () => Queue;
    const plain = new Q();
    plain.insertRequest({ method: 'GET' });
    plain.addBody(BODY);
    expect(plain.peek().body).toBe('');
    const chained = new Q();
    chained.insertRequest({ method: 'GET', onResponse: () => undefined });
    chained.addBody(Buffer.from('{"a":'));
    chained.addBody(Buffer.from('1}'));
    expect(chained.peek().body).toBe('{"a":1}');
  });

  it('still counts every reply and all its bytes when no row reads the body', async () => {
    const r = await autocannon({ url: `${url}/page`, connections: 2, amount: 50 });
    expect(r.requests.total).toBe(50);
    expect(r.non2xx + r.errors).toBe(0);
    // Each reply's headers plus the whole body went through the client.
    expect(r.throughput.total / 50).toBeGreaterThan(BODY.length);
  });

  it('hands a chained row its reply, whole', async () => {
    const seen: string[] = [];
    await autocannon({
      url,
      connections: 1,
      amount: 3,
      requests: [{ method: 'GET', path: '/json', onResponse: (_s: number, body: string) => seen.push(body) }],
    });
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set(['{"orderSn":"42"}']));
  });
});
