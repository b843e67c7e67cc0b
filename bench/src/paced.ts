import { writeFileSync } from 'node:fs';
import net from 'node:net';

/** What a paced run measured (the fields `measure` reads from autocannon). */
export interface PacedResult {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** A request as the schedule made it: its number and when it was due (performance.now()). */
interface Due {
  i: number;
  due: number;
}

/**
 * An open-loop load at a steady rate: request i is due at start + i / rate, sent then on a free keep-alive
 * connection whatever the earlier ones are doing, and its latency counts from when it was due (so a stalled
 * server is charged for the requests it held up, not hidden by a client that waits). autocannon's rate limit
 * sends each second's quota as fast as it can and then idles, which measures bursts at saturation; this
 * measures the latency at the rate asked.
 *
 * HTTP/1.1 is written and read on plain sockets, one request in flight per connection: the load generator
 * shares the machine with the server, and node:http's client took 34 % of a core at 1,000 requests a second
 * where this takes 15 % (measured against a bare server), CPU the server and PostgreSQL then had to share.
 * Replies must carry content-length (Fastify's JSON replies do); any other reply counts as an error.
 *
 * `BENCH_PACED_DUMP=FILE` writes each counted request's due time (UTC) and latency, one per line: p99 alone
 * cannot tell one stall from a steady tail.
 */
export async function paced(opts: {
  url: string;
  rate: number;
  seconds: number;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: (n: number) => string;
  /** Connections at most (a request waits for one only when all are busy). */
  connections?: number;
  /**
   * Seconds sent at the rate first and not counted: the client's connections are open and the server has
   * drained what the row before left it (a saturating row leaves a backlog), as for a site already serving.
   */
  warmSeconds?: number;
}): Promise<PacedResult> {
  const url = new URL(opts.url);
  const port = Number(url.port || 80);
  const maxConnections = opts.connections ?? 200;
  const warm = Math.round(opts.rate * (opts.warmSeconds ?? 0));
  const total = warm + Math.round(opts.rate * opts.seconds);
  const headerLines = Object.entries({ host: url.host, ...opts.headers })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  const requestLine = `${opts.method} ${url.pathname}${url.search} HTTP/1.1\r\n${headerLines}`;
  const latencies: number[] = [];
  const dump: string[] | null = process.env.BENCH_PACED_DUMP ? [] : null;
  const counters = { errors: 0, non2xx: 0, done: 0 };
  const idle: Connection[] = [];
  const open = new Set<Connection>();
  const waiting: Due[] = [];

  const request = (i: number): string => {
    const body = opts.body?.(i);
    return body === undefined
      ? `${requestLine}\r\n`
      : `${requestLine}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  };
  const finished = (d: Due, status: number) => {
    counters.done++;
    if (status < 200 || status >= 300) counters.non2xx++;
    if (d.i < warm) return;
    const latency = performance.now() - d.due;
    latencies.push(latency);
    dump?.push(
      `${new Date(performance.timeOrigin + d.due).toISOString().slice(11, 23)} ${Math.round(latency)}`,
    );
  };
  const free = (c: Connection) => {
    const next = waiting.shift();
    if (next) c.send(next, request(next.i));
    else idle.push(c);
  };
  const lost = (c: Connection, current: Due | null) => {
    open.delete(c);
    const at = idle.indexOf(c);
    if (at >= 0) idle.splice(at, 1);
    if (current) {
      counters.errors++;
      counters.done++;
    }
    // A request that was waiting for a connection gets a new one in place of the lost one.
    const next = waiting.shift();
    if (next) dispatch(next);
  };
  const dispatch = (d: Due) => {
    let c = idle.pop();
    if (!c && open.size < maxConnections) {
      c = new Connection(url.hostname, port, finished, free, lost);
      open.add(c);
    }
    if (c) c.send(d, request(d.i));
    else waiting.push(d);
  };

  const start = performance.now();
  /** When the counted requests start being due. */
  const counted = start + (warm * 1000) / opts.rate;
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + (sent * 1000) / opts.rate <= now) {
        dispatch({ i: sent, due: start + (sent * 1000) / opts.rate });
        sent++;
      }
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  // The last requests' replies, for at most ten seconds more.
  const until = performance.now() + 10_000;
  while (counters.done < total && performance.now() < until) await new Promise((r) => setTimeout(r, 5));
  const seconds = (performance.now() - counted) / 1000;
  for (const c of open) c.close();
  if (dump) writeFileSync(process.env.BENCH_PACED_DUMP!, dump.join('\n') + '\n');
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return {
    requests: { total: latencies.length, average: latencies.length / seconds },
    latency: { p50: at(0.5), p99: at(0.99) },
    errors: counters.errors,
    timeouts: total - counters.done,
    non2xx: counters.non2xx,
  };
}

const HEAD_END = Buffer.from('\r\n\r\n');

/** One keep-alive connection carrying one request at a time; reads each reply by its content-length. */
class Connection {
  private readonly socket: net.Socket;
  private current: Due | null = null;
  private chunks: Buffer[] = [];
  private size = 0;
  /** The whole reply's length once its head is read, and its status. */
  private need = -1;
  private status = 0;
  /** The reply said `connection: close`. */
  private closing = false;

  constructor(
    host: string,
    port: number,
    private readonly finished: (d: Due, status: number) => void,
    private readonly free: (c: Connection) => void,
    private readonly lost: (c: Connection, current: Due | null) => void,
  ) {
    this.socket = net.connect(port, host);
    this.socket.setNoDelay(true);
    this.socket.on('data', (d: Buffer) => this.read(d));
    this.socket.on('error', () => undefined);
    this.socket.on('close', () => {
      const current = this.current;
      this.current = null;
      this.lost(this, current);
    });
  }

  send(d: Due, text: string): void {
    this.current = d;
    this.socket.write(text);
  }

  close(): void {
    this.socket.destroy();
  }

  private read(d: Buffer): void {
    this.chunks.push(d);
    this.size += d.length;
    if (this.need < 0) {
      const buf = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
      this.chunks = [buf];
      const end = buf.indexOf(HEAD_END);
      if (end < 0) return;
      const head = buf.toString('latin1', 0, end);
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      this.status = Number(head.slice(9, 12));
      // A reply without a length (chunked) cannot be delimited here: it fails, and so does its connection.
      if (!length) return void this.socket.destroy();
      this.need = end + HEAD_END.length + Number(length[1]);
      this.closing = /\r\nconnection: *close/i.test(head);
    }
    if (this.size < this.need) return;
    // One request in flight: nothing follows the reply, unless the server misbehaves.
    if (this.size > this.need) return void this.socket.destroy();
    const done = this.current!;
    this.current = null;
    this.chunks = [];
    this.size = 0;
    this.need = -1;
    this.finished(done, this.status);
    // A reply that closes its connection: nothing more is sent on it (its close then brings a new one).
    if (this.closing) this.socket.destroy();
    else this.free(this);
  }
}
