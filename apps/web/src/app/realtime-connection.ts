import type { UnreadCounts, UserEvent } from '@forum/contracts';

/** What the connection feeds (the store in realtime.ts; passed in, so this module loads on its own). */
export interface ChannelSink {
  deliver(event: UserEvent): void;
  setCounts(counts: UnreadCounts): void;
  lastEventId(): number;
}

/** Polling interval when the socket cannot be used (spec: unread polling while logged in). */
const POLL_MS = 15_000;
/** Reconnect delays after a dropped socket: quick at first, then slower. */
const BACKOFF_MS = [500, 1000, 2000, 5000, 10_000, 30_000];

interface Envelope<T> {
  Code: number;
  Data: T | null;
}

async function getJson<T>(path: string): Promise<Envelope<T> | null> {
  try {
    const res = await fetch(path, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    return (await res.json()) as Envelope<T>;
  } catch {
    return null;
  }
}

/**
 * Connects this tab: counts first, then a WebSocket that resumes after the last id on every reconnect. Two
 * sockets that fail before opening switch the tab to polling `realtime.events` (proxies that refuse upgrades).
 * Returns the function that closes it.
 */
export function connect({ deliver, setCounts, lastEventId }: ChannelSink): () => void {
  let closed = false;
  let ws: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let everOpened = false;

  // The counts come first on every (re)connect: a login that died meanwhile answers -4011 or -3001 here (and the
  // reply clears the dead cookie, which the page frame notices), so no socket is opened only to be refused.
  const connectAfterCounts = async () => {
    const r = await getJson<UnreadCounts>('/api/v3/unreadnotification');
    if (closed) return;
    if (r?.Code === 0 && r.Data) setCounts(r.Data);
    if (r?.Code === -4011 || r?.Code === -3001) return;
    open();
  };

  const poll = async () => {
    if (closed) return;
    const r = await getJson<{ events: UserEvent[]; lastId: number; unread: UnreadCounts }>(
      `/api/v3/realtime.events?after=${lastEventId()}`,
    );
    if (closed) return;
    if (r?.Code === 0 && r.Data) {
      for (const e of r.Data.events) deliver(e);
      setCounts(r.Data.unread);
      if (!r.Data.events.length && r.Data.lastId > lastEventId())
        deliver({ id: r.Data.lastId, kind: 'unread', payload: r.Data.unread });
    }
    // Logged out elsewhere (-3001/-4011): stop asking.
    if (r && r.Code !== 0) return;
    timer = setTimeout(() => void poll(), POLL_MS);
  };

  const open = () => {
    if (closed) return;
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const after = lastEventId();
    ws = new WebSocket(`${scheme}//${location.host}/api/v3/realtime${after ? `?after=${after}` : ''}`);
    let opened = false;
    ws.onopen = () => {
      opened = everOpened = true;
      failures = 0;
    };
    ws.onmessage = (m) => {
      try {
        deliver(JSON.parse(String(m.data)) as UserEvent);
      } catch {
        // A malformed frame is skipped; the next reconnect catches up by id anyway.
      }
    };
    ws.onclose = (e) => {
      ws = null;
      if (closed) return;
      // 4001: the session ended (logout, revoked); nothing to reconnect to.
      if (e.code === 4001) return;
      if (!opened) failures += 1;
      if (!everOpened && failures >= 2) {
        void poll();
        return;
      }
      const delay = BACKOFF_MS[Math.min(failures, BACKOFF_MS.length - 1)]!;
      timer = setTimeout(() => void connectAfterCounts(), delay);
    };
  };
  void connectAfterCounts();

  return () => {
    closed = true;
    clearTimeout(timer);
    ws?.close();
  };
}
