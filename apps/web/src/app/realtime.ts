import type { UnreadCounts, UserEvent, UserEventKind } from '@forum/contracts';

// The logged-in user's realtime channel on the client (issue 9 §7). The realtime work fills these in: one
// connection per tab (WebSocket, falling back to server-sent events or polling), events in id order with
// catch-up after a reconnect, unread counts kept current. Until then they do nothing, so callers can use them.

/** Calls `handler` for every event of the given kinds (all kinds when omitted) while the component is mounted. */
export function useUserEvents(handler: (event: UserEvent) => void, kinds?: readonly UserEventKind[]): void {
  void handler;
  void kinds;
}

/** The viewer's unread counts, kept current; null for a guest or before the first answer. */
export function useUnreadCounts(): UnreadCounts | null {
  return null;
}
