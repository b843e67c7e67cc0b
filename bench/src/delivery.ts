import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type WebSocket from 'ws';
import type { Member } from './members.js';

// The server's own WebSocket library, as for its PostgreSQL driver: the bench adds no dependency of its own.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WS = createRequire(path.join(root, 'apps/server/package.json'))('ws') as typeof WebSocket;

/** Sockets opened at once: a burst of 1,000 upgrades would measure the accept queue, not delivery. */
const CONNECT_BATCH = 100;

/** How long a message may take before it counts as lost. */
const LOST_AFTER_MS = 5000;

/** Send-to-socket latency of private messages. */
export interface Delivery {
  p50: number;
  p99: number;
  /** Messages whose send failed or that never reached the recipient's socket. */
  lost: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted: number[], q: number): number {
  if (!sorted.length) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! * 10) / 10;
}

/** What the server pushes: `{id, kind, payload}`; a private message is kind `message`. */
interface Pushed {
  kind: string;
  payload?: { message?: { messageText?: string } };
}

async function connect(base: string, m: Member, onEvent: (e: Pushed) => void) {
  const ws = new WS(base.replace(/^http/, 'ws') + '/api/v3/realtime', {
    headers: { authorization: `Bearer ${m.token}` },
  });
  ws.on('message', (data) => onEvent(JSON.parse(String(data)) as Pushed));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) =>
      reject(new Error(`realtime socket: HTTP ${res.statusCode}`)),
    );
    ws.once('error', reject);
  });
  return ws;
}

/**
 * Connects every member's socket to `socketBase`, then sends `messages` private messages through `sendBase` at
 * `rate` a second, message k to member k (mod N) from the member half-way round, and times each from the
 * `dialog.create` call to its arrival on the recipient's socket (which may come before the HTTP reply).
 */
export async function measureDelivery(o: {
  sendBase: string;
  socketBase: string;
  members: Member[];
  messages: number;
  rate: number;
}): Promise<Delivery> {
  const n = o.members.length;
  const pending = new Map<string, { to: number; t0: number }>();
  const took: number[] = [];
  const sockets: WebSocket[] = [];
  try {
    for (let i = 0; i < n; i += CONNECT_BATCH) {
      const batch = o.members.slice(i, i + CONNECT_BATCH).map((m, k) =>
        connect(o.socketBase, m, (e) => {
          if (e.kind !== 'message') return;
          const text = e.payload?.message?.messageText ?? '';
          const p = pending.get(text);
          // The sender's own socket hears the message too: only the recipient's counts.
          if (!p || p.to !== i + k) return;
          took.push(performance.now() - p.t0);
          pending.delete(text);
        }),
      );
      sockets.push(...(await Promise.all(batch)));
    }
    // A fresh socket starts "from now" once the server has read its channel's last id: let that settle.
    await sleep(1000);
    const start = performance.now();
    const sends: Array<Promise<void>> = [];
    let failed = 0;
    for (let k = 0; k < o.messages; k++) {
      await sleep(start + (k * 1000) / o.rate - performance.now());
      const to = k % n;
      const from = o.members[(k + Math.floor(n / 2)) % n]!;
      const text = `bench delivery ${k} 私信`;
      pending.set(text, { to, t0: performance.now() });
      sends.push(
        fetch(o.sendBase + '/api/v3/dialog.create', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${from.token}` },
          body: JSON.stringify({ recipientUserId: o.members[to]!.userId, messageText: text }),
        })
          .then((r) => r.json() as Promise<{ Code: number }>)
          .then((r) => {
            if (r.Code !== 0) throw new Error(String(r.Code));
          })
          .catch(() => {
            failed++;
            pending.delete(text);
          }),
      );
    }
    await Promise.all(sends);
    for (const t0 = performance.now(); pending.size && performance.now() - t0 < LOST_AFTER_MS;)
      await sleep(20);
    took.sort((a, b) => a - b);
    return { p50: percentile(took, 0.5), p99: percentile(took, 0.99), lost: failed + pending.size };
  } finally {
    for (const ws of sockets) ws.terminate();
  }
}
