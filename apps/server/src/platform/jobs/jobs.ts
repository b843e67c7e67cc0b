import PgBoss from 'pg-boss';
import type { Database, Tx } from '../db/db.js';
import type { JobRecorder } from '../metrics/job-recorder.js';
import { JOBS_SCHEMA } from './schema.js';
import { txExecutor, type JobsExecutor } from './tx-executor.js';
import type { JobsConfig } from '../config.js';

/** How to send one job. */
export interface SendOptions {
  /** The forum transaction the job belongs to: it is committed (or rolled back) with the business write. */
  tx?: Tx;
  /** Retries after the first failed attempt (the queue's, else 3). */
  retryLimit?: number;
  /** Not before this time, or this many seconds from now. */
  startAfter?: Date | number;
  /** At most one job of the queue with this key waiting at a time (a second send answers null). */
  singletonKey?: string;
}

/** How a queue's jobs run. */
export interface WorkOptions {
  /** Retries after the first failed attempt; scheduled jobs default to 0 (the next period is the retry). */
  retryLimit?: number;
  /** Seconds before the first retry; with backoff each next waits about twice as long (default 10). */
  retryDelaySeconds?: number;
  /** Exponential backoff between retries (default true). */
  retryBackoff?: boolean;
  /** A run still active after this long is failed (and retried) by the queue's maintenance (default 15 min). */
  expireInSeconds?: number;
}

/** What a handler learns about the job it runs. */
export interface JobInfo {
  id: string;
  name: string;
  /** 1 for the first run, 2 for the first retry, ... */
  attempt: number;
  retryLimit: number;
}

export type JobHandler<T = Record<string, unknown>> = (data: T, job: JobInfo) => Promise<unknown>;

/** When a scheduled job runs: a cron expression (UTC, minute resolution) or a fixed period. */
export type JobSchedule = string | { everyMs: number };

/** A job that used up its retries, for the admin. */
export interface FailedJob {
  id: string;
  name: string;
  error: string;
  /** Runs made (first run plus retries). */
  attempts: number;
  createdAt: string;
  failedAt: string;
}

/** The queue's settings (config.ts: JOBS_WORK, JOBS_POLL_SECONDS); defined there, the lowest layer. */
export type { JobsConfig };

type Log = {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

const DEFAULT_RETRY_LIMIT = 3;
const DEFAULT_RETRY_DELAY_SECONDS = 10;
/** Failed jobs stay in the job table (listed and retryable in the admin) this long before being archived. */
const KEEP_FAILED_SECONDS = 7 * 24 * 3600;
/** An `every` period longer than this must be a cron (pg-boss throttles within its 12 h archive window). */
const MAX_EVERY_MS = 12 * 3600_000;
/** Serialises queue creation across instances: "jobq" in ASCII. */
const QUEUE_LOCK_KEY = 0x6a6f6271;
/** How long stop() waits for running handlers before the pool closes under them. */
const STOP_WAIT_MS = 10_000;

interface Registered {
  handler: JobHandler;
  options: WorkOptions;
}

/**
 * One job queue for all background work, on pg-boss in the forum's PostgreSQL (schema `pgboss`), through the
 * forum's own pool (no connections of its own).
 *
 * - `send(name, data, { tx })` inserts the job with the caller's transaction: it exists only if that commits.
 * - `work(name, handler)`: any instance may take a job; a throw retries it with backoff, then leaves it failed
 *   (listed by `failed()`, retried by `retry()`).
 * - `schedule(name, cron | { everyMs })`: every instance keeps the schedule, the database lets one job per
 *   period through (pg-boss's cron for cron strings, a throttled send for `everyMs`), one instance runs it.
 *
 * Register with `work`/`schedule` while mounting; `start()` (end of buildApp) creates the queues and starts the
 * workers, `stop()` (app close, before the pool) lets running handlers finish.
 */
export class Jobs {
  private readonly boss: PgBoss;
  private readonly handlers = new Map<string, Registered>();
  private readonly schedules = new Map<string, JobSchedule>();
  private readonly queues = new Map<string, Promise<void>>();
  private readonly loops = new Map<string, QueueLoop>();
  private readonly timers: NodeJS.Timeout[] = [];
  private state: 'new' | 'started' | 'stopped' = 'new';
  private creating: Promise<unknown> = Promise.resolve();
  private knownQueues: Promise<Map<string, PgBoss.QueueResult>> | undefined;

  constructor(
    private readonly database: Pick<Database, 'exec' | 'withAdvisoryLock'>,
    private readonly config: JobsConfig,
    private readonly recorder: JobRecorder,
    private readonly log: Log,
  ) {
    const db: JobsExecutor = {
      executeSql: (text, values) =>
        database.exec(text, values) as Promise<{ rows: Record<string, unknown>[] }>,
    };
    this.boss = new PgBoss({
      db,
      schema: JOBS_SCHEMA,
      // The schema is made by runMigrations (under the migration lock); here it is only checked.
      migrate: false,
      // Cron needs pg-boss's timekeeper (a poll every 5 s and a check every 30 s); only when a cron is used.
      schedule: false,
      supervise: config.work,
      retryLimit: DEFAULT_RETRY_LIMIT,
      retryDelay: DEFAULT_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      archiveFailedAfterSeconds: KEEP_FAILED_SECONDS,
    });
    // Maintenance and cron errors (the database out of reach): logged, never thrown at the process.
    this.boss.on('error', (err) => this.log.warn({ err }, 'job queue maintenance failed'));
  }

  /** Enqueues a job; answers its id, or null when a singleton of that key is already waiting. */
  async send(name: string, data: object = {}, options: SendOptions = {}): Promise<string | null> {
    if (this.state === 'stopped') throw new Error(`job queue stopped; ${name} not sent`);
    await this.ensureQueue(name);
    const { tx, startAfter, ...rest } = options;
    const id = await this.boss.send(name, data, {
      ...rest,
      ...(startAfter !== undefined ? { startAfter } : {}),
      ...(tx ? { db: txExecutor(tx) } : {}),
    });
    // Outside a transaction the job is visible now: wake this instance's worker rather than wait for its poll.
    if (id && !tx && startAfter === undefined) this.loops.get(name)?.wake();
    return id;
  }

  /** Runs `handler` for every job of `name` (on instances that work: not the CLI). */
  work<T extends object>(name: string, handler: JobHandler<T>, options: WorkOptions = {}): void {
    if (this.handlers.has(name)) throw new Error(`job ${name} already has a handler`);
    this.handlers.set(name, { handler: handler as unknown as JobHandler, options });
    if (this.state === 'started') void this.startQueue(name);
  }

  /** Runs job `name` (its `work` handler) once per period across all instances. */
  schedule(name: string, when: JobSchedule): void {
    if (typeof when === 'object') {
      if (!(when.everyMs >= 1000 && when.everyMs <= MAX_EVERY_MS))
        throw new Error(`job ${name}: everyMs must be between 1 s and 12 h (use a cron beyond)`);
    } else if (this.state === 'started') {
      throw new Error(`job ${name}: a cron schedule is registered before start`);
    }
    this.schedules.set(name, when);
    if (this.state === 'started') void this.startQueue(name);
  }

  /** Creates the queues and starts the workers and schedules. */
  async start(): Promise<void> {
    if (this.state !== 'new') return;
    const crons = [...this.schedules.values()].some((w) => typeof w === 'string');
    await this.boss.start();
    this.state = 'started';
    const names = new Set([...this.handlers.keys(), ...this.schedules.keys()]);
    await Promise.all([...names].map((n) => this.startQueue(n)));
    if (crons && this.config.work) await this.startCron();
  }

  /** Stops taking jobs, waits for the running ones (up to 10 s), stops pg-boss's maintenance. */
  async stop(): Promise<void> {
    if (this.state === 'stopped') return;
    const was = this.state;
    this.state = 'stopped';
    for (const t of this.timers) clearInterval(t);
    await Promise.all([...this.loops.values()].map((l) => l.stop(STOP_WAIT_MS)));
    if (was === 'started') await this.boss.stop({ graceful: false, close: false }).catch(() => {});
    await this.cronBoss?.stop({ graceful: false, close: false }).catch(() => {});
  }

  /** Jobs that used up their retries, newest first. */
  async failed(limit = 50): Promise<FailedJob[]> {
    const r = await this.database.exec(
      `SELECT id, name, output, retry_count, created_on, completed_on
         FROM ${JOBS_SCHEMA}.job WHERE state = 'failed'
        ORDER BY completed_on DESC NULLS LAST LIMIT $1`,
      [limit],
    );
    return r.rows.map((row) => ({
      id: String(row.id),
      name: String(row.name),
      error: errorText(row.output),
      attempts: Number(row.retry_count) + 1,
      createdAt: new Date(row.created_on as string).toISOString(),
      failedAt: new Date((row.completed_on ?? row.created_on) as string).toISOString(),
    }));
  }

  /** Failed jobs per queue (the metrics' gauge). */
  async failedCounts(): Promise<Map<string, number>> {
    const r = await this.database.exec(
      `SELECT name, count(*)::int AS n FROM ${JOBS_SCHEMA}.job WHERE state = 'failed' GROUP BY name`,
    );
    return new Map(r.rows.map((row) => [String(row.name), Number(row.n)]));
  }

  /** Gives a failed job one more run (not when it is no longer failed, or its queue has a retry waiting). */
  async retry(name: string, id: string): Promise<'retried' | 'not-failed' | 'busy'> {
    let r: { affected: number };
    try {
      r = (await this.boss.retry(name, id)) as unknown as { affected: number };
    } catch (err) {
      // A scheduled queue holds one waiting retry at a time (stately): another is waiting already.
      if ((err as { code?: string }).code === '23505') return 'busy';
      throw err;
    }
    if (r.affected === 0) return 'not-failed';
    this.loops.get(name)?.wake();
    return 'retried';
  }

  /** A job's state (tests, diagnostics): null when unknown. */
  async stateOf(name: string, id: string): Promise<{ state: string; retryCount: number } | null> {
    const job = await this.boss.getJobById(name, id);
    return job ? { state: job.state, retryCount: job.retryCount } : null;
  }

  private ensureQueue(name: string, options: WorkOptions = {}, scheduled = false): Promise<void> {
    let made = this.queues.get(name);
    if (!made) {
      const queue: PgBoss.Queue = {
        name,
        // A scheduled queue holds at most one waiting and one running job: a slow run does not pile up periods.
        policy: scheduled ? 'stately' : 'standard',
        retryLimit: options.retryLimit ?? (scheduled ? 0 : DEFAULT_RETRY_LIMIT),
        retryDelay: options.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS,
        retryBackoff: options.retryBackoff ?? true,
        ...(options.expireInSeconds ? { expireInSeconds: options.expireInSeconds } : {}),
      };
      made = this.createQueue(queue);
      made.catch(() => this.queues.delete(name));
      this.queues.set(name, made);
    }
    return made;
  }

  /**
   * A queue is a partition of pg-boss's job table: creating two at once deadlocks on that table, so creation
   * is one at a time in this process and under an advisory lock across instances. The forum's own queues are
   * made by the migrations (queues.ts); here they only get this code's settings, when those differ.
   */
  private async createQueue(queue: PgBoss.Queue): Promise<void> {
    const known = await this.known();
    const found = known.get(queue.name);
    if (!found) {
      const create = this.creating.then(() =>
        this.database.withAdvisoryLock(QUEUE_LOCK_KEY, () => this.boss.createQueue(queue.name, queue)),
      );
      this.creating = create.catch(() => {});
      await create;
    }
    if (!found || !sameSettings(found, queue)) await this.boss.updateQueue(queue.name, queue);
  }

  /** The queues in the database, read once per start. */
  private known(): Promise<Map<string, PgBoss.QueueResult>> {
    this.knownQueues ??= this.boss.getQueues().then((qs) => new Map(qs.map((q) => [q.name, q])));
    return this.knownQueues;
  }

  private async startQueue(name: string): Promise<void> {
    const when = this.schedules.get(name);
    const registered = this.handlers.get(name);
    await this.ensureQueue(name, registered?.options, when !== undefined);
    if (!this.config.work || this.state !== 'started') return;
    if (registered && !this.loops.has(name)) {
      const every = typeof when === 'object' ? when.everyMs : 0;
      // A scheduled queue is woken by its own ticker; its poll only catches jobs another instance inserted.
      const pollMs = Math.max(this.config.pollSeconds * 1000, Math.min(every / 2, 30_000));
      const loop = new QueueLoop(this.boss, name, registered.handler, pollMs, this.recorder, this.log);
      this.loops.set(name, loop);
      loop.start();
    }
    if (typeof when === 'object') this.startTicker(name, when.everyMs);
  }

  /**
   * Every instance offers one job per period: pg-boss keys a throttled job by its time slot (the database's
   * clock), so only the first offer of a slot is inserted, whichever instance makes it. Offers come twice a
   * period, so a slot is never missed; the first comes a period after start (as a timer's first run would).
   */
  private startTicker(name: string, everyMs: number): void {
    const seconds = Math.max(1, Math.round(everyMs / 1000));
    const offer = () => {
      if (this.state !== 'started') return;
      this.boss
        .send(name, {}, { singletonSeconds: seconds, singletonKey: 'schedule' })
        .then((id) => {
          if (id) this.loops.get(name)?.wake();
        })
        .catch((err: unknown) => this.log.warn({ err, job: name }, 'scheduled job not offered'));
    };
    const first = setTimeout(() => {
      offer();
      const t = setInterval(offer, everyMs / 2);
      t.unref();
      this.timers.push(t);
    }, everyMs);
    first.unref();
    this.timers.push(first);
  }

  private cronBoss: PgBoss | null = null;

  /** pg-boss's timekeeper turns cron schedules into one job a minute at most, across instances. */
  private async startCron(): Promise<void> {
    const db: JobsExecutor = {
      executeSql: (text, values) =>
        this.database.exec(text, values) as Promise<{ rows: Record<string, unknown>[] }>,
    };
    this.cronBoss = new PgBoss({ db, schema: JOBS_SCHEMA, migrate: false, supervise: false, schedule: true });
    this.cronBoss.on('error', (err) => this.log.warn({ err }, 'job schedule check failed'));
    await this.cronBoss.start();
    for (const [name, when] of this.schedules) {
      if (typeof when === 'string')
        await this.cronBoss.schedule(name, when, {}, { singletonKey: 'schedule' });
    }
  }
}

/** Whether a stored queue already has these settings (an update is then skipped). */
function sameSettings(found: PgBoss.QueueResult, want: PgBoss.Queue): boolean {
  return (
    found.policy === want.policy &&
    found.retryLimit === want.retryLimit &&
    found.retryDelay === want.retryDelay &&
    found.retryBackoff === want.retryBackoff &&
    (want.expireInSeconds === undefined || found.expireInSeconds === want.expireInSeconds)
  );
}

/** The text of a failed job's output (pg-boss stores the serialised error). */
function errorText(output: unknown): string {
  if (output && typeof output === 'object') {
    const o = output as { message?: unknown; value?: unknown };
    if (typeof o.message === 'string') return o.message;
    if (o.value !== undefined) return String(o.value);
    return JSON.stringify(output);
  }
  return output == null ? '' : String(output);
}

/**
 * One queue's worker: fetch a job, run it through the recorder, complete or fail it (awaited: a database lost
 * meanwhile is logged, and maintenance later retries the job), fetch again at once; sleep `pollMs` when idle.
 */
class QueueLoop {
  private stopping = false;
  private sleeping: { wake(): void } | null = null;
  private woken = false;
  private done: Promise<void> = Promise.resolve();

  constructor(
    private readonly boss: PgBoss,
    private readonly name: string,
    private readonly handler: JobHandler,
    private readonly pollMs: number,
    private readonly recorder: JobRecorder,
    private readonly log: Log,
  ) {}

  start(): void {
    this.done = this.run();
  }

  wake(): void {
    this.woken = true;
    this.sleeping?.wake();
  }

  async stop(waitMs: number): Promise<void> {
    this.stopping = true;
    this.sleeping?.wake();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.done, new Promise((r) => (timer = setTimeout(r, waitMs)))]);
    clearTimeout(timer);
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      this.woken = false;
      const [job] = await this.boss
        .fetch<Record<string, unknown>>(this.name, { includeMetadata: true })
        .catch(() => [] as PgBoss.JobWithMetadata<Record<string, unknown>>[]);
      if (job) {
        await this.runOne(job);
        continue;
      }
      if (!this.woken && !this.stopping) await this.sleep();
    }
  }

  private async runOne(job: PgBoss.JobWithMetadata<Record<string, unknown>>): Promise<void> {
    const info: JobInfo = {
      id: job.id,
      name: job.name,
      attempt: job.retryCount + 1,
      retryLimit: job.retryLimit,
    };
    try {
      await this.recorder.run(this.name, () => this.handler(job.data ?? {}, info));
      await this.boss.complete(this.name, job.id).catch((err: unknown) => {
        this.log.warn({ err, job: this.name }, 'job done but not marked complete');
      });
    } catch (err) {
      const last = info.attempt > info.retryLimit;
      this.log[last ? 'error' : 'warn'](
        { err, job: this.name, attempt: info.attempt, retryLimit: info.retryLimit },
        last ? 'job failed; no retries left' : 'job failed; it will be retried',
      );
      await this.boss.fail(this.name, job.id, errorOf(err)).catch(() => {});
    }
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.sleeping = null;
        resolve();
      }, this.pollMs);
      this.sleeping = {
        wake: () => {
          clearTimeout(timer);
          this.sleeping = null;
          resolve();
        },
      };
    });
  }
}

/** The error as pg-boss stores it: an object with its message (and stack). */
function errorOf(err: unknown): object {
  if (err instanceof Error) return { name: err.name, message: err.message, stack: err.stack };
  return { message: String(err) };
}
