/** Seconds a client is told to wait (Retry-After) while the database is out of reach. */
export const RETRY_AFTER_SECONDS = 5;

/** How often a lost database is asked again whether it answers. */
const PROBE_MS = 500;

/** Network errors of the driver that mean "no server there right now", not a bad statement. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server going away or not yet there: 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot
 * connect now (starting up, recovering), 53300 too many connections, class 08 connection exceptions.
 */
const UNAVAILABLE_STATES = /^(57P0[123]|53300|08\w{3})$/;

/** The driver's own words for a connection that died or never came (these errors carry no code). */
const UNAVAILABLE_TEXT =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed/i;

/** True when `err` (or an error it wraps: drizzle wraps the driver's) says the database is out of reach. */
export function isConnectionError(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0;
    e && typeof e === 'object' && i < 4;
    e = e.cause as typeof e, i++
  ) {
    if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || UNAVAILABLE_STATES.test(e.code)))
      return true;
    if (typeof e.message === 'string' && UNAVAILABLE_TEXT.test(e.message)) return true;
  }
  return false;
}

/** Told when the database goes away and comes back (logs, metrics). */
export type AvailabilityListener = (up: boolean) => void;

/**
 * Whether the database answers. Marked down by a connection error anywhere (or by the embedded supervisor when
 * its postmaster exits); from then on a probe asks every half second and marks it up at the first answer, so
 * the site comes back by itself. Requests meanwhile get 503 + Retry-After rather than 500.
 */
export class DatabaseAvailability {
  private downSince: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly listeners: AvailabilityListener[] = [];

  constructor(
    private readonly probe: () => Promise<unknown>,
    private readonly log: (level: 'warn' | 'info', message: string) => void,
  ) {}

  /** False from a connection error (or a supervisor's word) until the probe gets an answer. */
  get up(): boolean {
    return this.downSince === null;
  }

  /** Hears every change. */
  onChange(listener: AvailabilityListener): void {
    this.listeners.push(listener);
  }

  /** Notes the database out of reach (once per outage in the log) and starts probing. */
  markDown(reason: string): void {
    if (this.closed) return;
    if (this.downSince === null) {
      this.downSince = Date.now();
      this.log('warn', `database unreachable (${reason}); requests answer 503 until it is back`);
      for (const l of this.listeners) l(false);
    }
    this.schedule();
  }

  /** Notes the database answering again. */
  markUp(): void {
    if (this.downSince === null) return;
    const ms = Date.now() - this.downSince;
    this.downSince = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.log('info', `database reachable again after ${(ms / 1000).toFixed(1)} s`);
    for (const l of this.listeners) l(true);
  }

  /** Notes a failure: a connection error marks the database down; answers whether it was one. */
  seen(err: unknown): boolean {
    if (!isConnectionError(err)) return false;
    this.markDown(reasonOf(err));
    return true;
  }

  /** Stops probing (the database is being closed on purpose). */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.probe().then(
        () => {
          this.timer = null;
          this.markUp();
        },
        () => {
          this.timer = null;
          if (this.downSince !== null) this.schedule();
        },
      );
    }, PROBE_MS);
    this.timer.unref();
  }
}

function reasonOf(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown; cause?: { code?: unknown; message?: unknown } };
  const inner = e.cause && typeof e.cause === 'object' ? e.cause : e;
  return [inner.code, inner.message].filter((x) => typeof x === 'string' && x).join(' ') || 'connection lost';
}
