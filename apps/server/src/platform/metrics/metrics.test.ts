import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { freePort } from '../db/embedded/wait.js';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

/** Waits (up to 15 s) until a job reaches `state`. */
async function waitForState(app: FastifyInstance, name: string, id: string, state: string): Promise<void> {
  for (let i = 0; i < 150; i++) {
    if ((await app.forum.jobs.stateOf(name, id))?.state === state) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${name} never reached ${state}`);
}

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, line: RegExp): number | undefined {
  const found = text.split('\n').find((l) => line.test(l));
  return found === undefined ? undefined : Number(found.slice(found.lastIndexOf(' ') + 1));
}

describe('GET /metrics', () => {
  it('is not there on the public site unless a token or a port turns it on', async () => {
    t = await startTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(t.app.forum.metrics).toBeNull();
  });

  it('wants the Bearer token: 401 without one, 403 for a wrong one', async () => {
    t = await startTestApp({}, { METRICS_TOKEN: 'right-token' });
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer wrong-token' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toMatch(/forum_/);
  });

  it('answers the Prometheus text format: requests by route pattern, pool, queries, caches, sockets, jobs, process', async () => {
    t = await startTestApp({}, { METRICS_TOKEN: 'right-token' });
    const app = t.app;
    // Two guest reads of one cached reply (a miss, then a hit), a raw URL with a query, an unmatched one.
    for (let i = 0; i < 2; i++) await app.inject({ method: 'GET', url: '/api/v3/thread.list?perPage=5' });
    await app.inject({ method: 'GET', url: '/api/v3/thread.detail?threadId=999999' });
    await app.inject({ method: 'GET', url: '/api/v3/no-such-call' });
    // One job run through the queue (the real reconciliation), and one that fails with no retry left.
    const jobs = app.forum.jobs;
    const ok = await jobs.send('order_reconcile');
    jobs.work('metrics_boom', () => Promise.reject(new Error('boom')), { retryLimit: 0 });
    const bad = await jobs.send('metrics_boom');
    await waitForState(app, 'order_reconcile', ok!, 'completed');
    await waitForState(app, 'metrics_boom', bad!, 'failed');

    const res = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer right-token' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;

    const list =
      /^forum_http_request_duration_seconds_count\{method="GET",route="\/api\/v3\/thread\.list",status_class="2xx"\}/;
    expect(sample(text, list)).toBe(2);
    expect(
      sample(
        text,
        /^forum_http_request_duration_seconds_count\{.*route="\/api\/v3\/thread\.detail",status_class="4xx"\}/,
      ),
    ).toBe(1);
    expect(
      sample(text, /^forum_http_request_duration_seconds_count\{.*route="unmatched",status_class="4xx"\}/),
    ).toBe(1);
    expect(text).toMatch(
      /^forum_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/v3\/thread\.list"/m,
    );
    // Patterns only: no raw URL (query string, ids) becomes a label.
    expect(text).not.toMatch(/perPage=|threadId=|no-such-call/);

    expect(sample(text, /^forum_cache_lookups_total\{cache="api",result="hit"\}/)).toBeGreaterThanOrEqual(1);
    expect(sample(text, /^forum_cache_lookups_total\{cache="api",result="miss"\}/)).toBeGreaterThanOrEqual(1);
    expect(sample(text, /^forum_cache_lookups_total\{cache="page",result="hit"\}/)).toBe(0);
    expect(sample(text, /^forum_db_pool_connections /)).toBeGreaterThanOrEqual(1);
    expect(sample(text, /^forum_db_pool_idle /)).toBeGreaterThanOrEqual(0);
    expect(sample(text, /^forum_db_pool_waiting /)).toBe(0);
    expect(sample(text, /^forum_db_up /)).toBe(1);
    expect(sample(text, /^forum_db_query_duration_seconds_count /)).toBeGreaterThanOrEqual(2);
    expect(sample(text, /^forum_realtime_connections /)).toBe(0);
    expect(sample(text, /^forum_job_runs_total\{job="order_reconcile"\}/)).toBe(1);
    expect(sample(text, /^forum_job_failures_total\{job="order_reconcile"\}/)).toBeUndefined();
    expect(sample(text, /^forum_job_runs_total\{job="metrics_boom"\}/)).toBe(1);
    expect(sample(text, /^forum_job_failures_total\{job="metrics_boom"\}/)).toBe(1);
    // Process defaults: memory, event-loop lag.
    expect(sample(text, /^process_resident_memory_bytes /)).toBeGreaterThan(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes /m);
  });

  it('METRICS_PORT serves it on 127.0.0.1 without a token, and the public site still answers 404', async () => {
    const port = await freePort();
    t = await startTestApp({}, { METRICS_PORT: String(port) });
    await t.app.inject({ method: 'GET', url: '/api/v3/forum' });
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(
      /^forum_http_request_duration_seconds_count\{method="GET",route="\/api\/v3\/forum",status_class="2xx"\} 1$/m,
    );
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });
});
