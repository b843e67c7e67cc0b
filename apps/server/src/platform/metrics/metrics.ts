import client from 'prom-client';
import type { Database } from '../db/db.js';
import type { GuestCache } from '../cache/guest-cache.js';
import { PlainHistogram, RequestHistogram } from './request-histogram.js';
import type { JobRecorder } from './job-recorder.js';

/**
 * The Prometheus registry of one app: process defaults (memory, CPU, event-loop lag, GC), requests by route
 * pattern and status class, the database pool and queries, cache hit counts, realtime connections and jobs.
 * Everything that has a count somewhere already (pool, caches, sockets) is read at scrape time, not per event.
 */
export class Metrics implements JobRecorder {
  readonly registry = new client.Registry();
  private readonly requests = new RequestHistogram();
  private readonly queries = new PlainHistogram(
    'forum_db_query_duration_seconds',
    'Database statements, from sending to the answer',
  );
  private readonly jobRuns: client.Counter<'job'>;
  private readonly jobFailures: client.Counter<'job'>;
  private realtimeCount: () => number = () => 0;
  private failedJobs: () => Promise<Map<string, number>> = async () => new Map();

  constructor(database: Database, cache: GuestCache) {
    const registry = this.registry;
    client.collectDefaultMetrics({ register: registry });
    registry.registerMetric(this.requests as unknown as client.Metric);
    registry.registerMetric(this.queries as unknown as client.Metric);
    const pool = (name: string, help: string, read: (s: ReturnType<Database['poolStats']>) => number) =>
      new client.Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(database.poolStats()));
        },
      });
    pool('forum_db_pool_connections', 'Connections the pool holds (busy and idle)', (s) => s.total);
    pool('forum_db_pool_idle', 'Idle connections in the pool', (s) => s.idle);
    pool('forum_db_pool_waiting', 'Requests queued for a connection', (s) => s.waiting);
    new client.Gauge({
      name: 'forum_db_up',
      help: '1 while the database answers, 0 while it is out of reach (requests answer 503)',
      registers: [registry],
      collect() {
        this.set(database.availability.up ? 1 : 0);
      },
    });
    new client.Counter({
      name: 'forum_cache_lookups_total',
      help: 'Shared reply cache lookups: cache=api (guest/group API replies) or page (rendered pages), result=hit|miss',
      labelNames: ['cache', 'result'],
      registers: [registry],
      collect() {
        this.reset();
        for (const kind of ['api', 'page'] as const) {
          const s = cache.stats[kind];
          this.inc({ cache: kind, result: 'hit' }, s.hits);
          this.inc({ cache: kind, result: 'miss' }, s.misses);
        }
      },
    });
    const realtime = () => this.realtimeCount();
    new client.Gauge({
      name: 'forum_realtime_connections',
      help: 'Open realtime channels (WebSocket and server-sent events)',
      registers: [registry],
      collect() {
        this.set(realtime());
      },
    });
    const failed = () => this.failedJobs();
    new client.Gauge({
      name: 'forum_jobs_failed',
      help: 'Jobs in the queue that used up their retries (kept 7 days; the admin lists and retries them)',
      labelNames: ['job'],
      registers: [registry],
      async collect() {
        this.reset();
        // The database out of reach: the gauge is left empty for this scrape rather than failing it.
        const counts = await failed().catch(() => new Map<string, number>());
        for (const [job, n] of counts) this.set({ job }, n);
      },
    });
    this.jobRuns = new client.Counter({
      name: 'forum_job_runs_total',
      help: 'Background job runs on this instance, by queue (order_reconcile, redpacket_expiry, backup_check, ...)',
      labelNames: ['job'],
      registers: [registry],
    });
    this.jobFailures = new client.Counter({
      name: 'forum_job_failures_total',
      help: 'Background job runs that failed',
      labelNames: ['job'],
      registers: [registry],
    });
  }

  /** One finished request; `route` is the matched pattern. */
  request(method: string, route: string, status: number, seconds: number): void {
    this.requests.observe(method, route, status, seconds);
  }

  /** One answered (or failed) statement. */
  query(seconds: number): void {
    this.queries.observe(seconds);
  }

  /** Where the open realtime channels are counted (the realtime feature, mounted later). */
  watchRealtime(count: () => number): void {
    this.realtimeCount = count;
  }

  /** Where failed jobs are counted (the job queue, made after the metrics). */
  watchJobs(failedCounts: () => Promise<Map<string, number>>): void {
    this.failedJobs = failedCounts;
  }

  async run<T>(job: string, fn: () => Promise<T>): Promise<T> {
    this.jobRuns.inc({ job });
    try {
      return await fn();
    } catch (err) {
      this.jobFailures.inc({ job });
      throw err;
    }
  }

  /** The text exposition format. */
  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
