import http from 'node:http';

/** What a paced run measured (the fields `measure` reads from autocannon). */
export interface PacedResult {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

/**
 * An open-loop load at a steady rate: request i is due at start + i / rate, sent then on a free keep-alive
 * connection whatever the earlier ones are doing, and its latency counts from when it was due (so a stalled
 * server is charged for the requests it held up, not hidden by a client that waits). autocannon's rate limit
 * sends each second's quota as fast as it can and then idles, which measures bursts at saturation; this
 * measures the latency at the rate asked.
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
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections ?? 200 });
  const warm = Math.round(opts.rate * (opts.warmSeconds ?? 0));
  const total = warm + Math.round(opts.rate * opts.seconds);
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let sent = 0;
  let done = 0;
  const start = performance.now();
  /** When the counted requests start being due. */
  const counted = start + (warm * 1000) / opts.rate;

  const send = (i: number, due: number) => {
    const body = opts.body?.(i);
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: opts.method,
        headers: { ...opts.headers, ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) },
      },
      (res) => {
        if ((res.statusCode ?? 0) >= 300) non2xx++;
        res.resume();
        res.on('end', () => {
          if (i >= warm) latencies.push(performance.now() - due);
          done++;
        });
      },
    );
    req.on('error', () => {
      errors++;
      done++;
    });
    req.end(body);
  };

  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + (sent * 1000) / opts.rate <= now) {
        send(sent, start + (sent * 1000) / opts.rate);
        sent++;
      }
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  // The last requests' replies, for at most ten seconds more.
  const until = performance.now() + 10_000;
  while (done < total && performance.now() < until) await new Promise((r) => setTimeout(r, 5));
  const seconds = (performance.now() - counted) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return {
    requests: { total: latencies.length, average: latencies.length / seconds },
    latency: { p50: at(0.5), p99: at(0.99) },
    errors,
    timeouts: total - done,
    non2xx,
  };
}
