import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { UnreadCounts, UserEvent, UserEventKind } from '@forum/contracts';

// The logged-in member's realtime channel on the client (issue 9 §7): one connection per tab, a WebSocket that
// falls back to polling, events handed out in id order; a reconnect asks for "after the last id" so nothing is
// missed or seen twice. The connection code loads only for members, after the page is interactive.

type Listener = (event: UserEvent) => void;

interface Store {
  counts: UnreadCounts | null;
  lastId: number;
  listeners: Set<Listener>;
  watchers: Set<() => void>;
  stop: (() => void) | null;
}

const store: Store = { counts: null, lastId: 0, listeners: new Set(), watchers: new Set(), stop: null };

/** Buckets the badge does not count (reference §1.8: withdrawals and questions). */
const UNCOUNTED = new Set(['withdrawal', 'questioned']);

/**
 * A new notification or message moves the counts by one here (the server sends no totals with them, so a
 * busy sender costs no count query); a read or delete brings fresh totals as an `unread` event.
 */
function addUp(counts: UnreadCounts, event: UserEvent): UnreadCounts | null {
  if (event.kind === 'notification') {
    const p = event.payload as { type: string; bucket?: keyof UnreadCounts | null };
    const next = {
      ...counts,
      unreadNotifications: counts.unreadNotifications + 1,
      typeUnreadNotifications: {
        ...counts.typeUnreadNotifications,
        [p.type]: (counts.typeUnreadNotifications[p.type] ?? 0) + 1,
      },
      totalUnread: counts.totalUnread + (UNCOUNTED.has(p.type) ? 0 : 1),
    };
    if (p.bucket) (next as Record<string, unknown>)[p.bucket] = (counts[p.bucket] as number) + 1;
    return next;
  }
  if (event.kind === 'message' && !(event.payload as { message: { isMine: boolean } }).message.isMine) {
    return {
      ...counts,
      dialogNotifications: counts.dialogNotifications + 1,
      dialogMessageUnread: counts.dialogMessageUnread + 1,
      totalUnread: counts.totalUnread + 1,
    };
  }
  return null;
}

/** Called by the connection for every event, in id order. */
export function deliver(event: UserEvent): void {
  if (event.id <= store.lastId) return;
  store.lastId = event.id;
  if (event.kind === 'unread') setCounts(event.payload as UnreadCounts);
  else if (store.counts) {
    const next = addUp(store.counts, event);
    if (next) setCounts(next);
  }
  for (const fn of store.listeners) fn(event);
}

/** Replaces the counts (first fetch, each `unread` event, a poll). */
export function setCounts(counts: UnreadCounts | null): void {
  store.counts = counts;
  for (const w of store.watchers) w();
}

/** The last event id delivered (a reconnect starts after it). */
export function lastEventId(): number {
  return store.lastId;
}

/** Opens the channel for a member (idempotent); closed by {@link stopRealtime}. */
export function startRealtime(): void {
  if (store.stop || typeof window === 'undefined') return;
  let cancelled = false;
  store.stop = () => {
    cancelled = true;
  };
  void import('./realtime-connection.ts').then(({ connect }) => {
    if (cancelled) return;
    store.stop = connect({ deliver, setCounts, lastEventId });
  });
}

/** Closes the channel and forgets the counts (logout). */
export function stopRealtime(): void {
  store.stop?.();
  store.stop = null;
  store.lastId = 0;
  setCounts(null);
}

/** Calls `handler` for every event of the given kinds (all kinds when omitted) while the component is mounted. */
export function useUserEvents(handler: (event: UserEvent) => void, kinds?: readonly UserEventKind[]): void {
  const latest = useRef(handler);
  latest.current = handler;
  const key = kinds?.join(',') ?? '';
  useEffect(() => {
    const wanted = key ? new Set(key.split(',')) : null;
    const fn: Listener = (e) => {
      if (!wanted || wanted.has(e.kind)) latest.current(e);
    };
    store.listeners.add(fn);
    return () => {
      store.listeners.delete(fn);
    };
  }, [key]);
}

const subscribe = (fn: () => void) => {
  store.watchers.add(fn);
  return () => {
    store.watchers.delete(fn);
  };
};

/** The viewer's unread counts, kept current; null for a guest or before the first answer. */
export function useUnreadCounts(): UnreadCounts | null {
  return useSyncExternalStore(
    subscribe,
    () => store.counts,
    () => null,
  );
}
