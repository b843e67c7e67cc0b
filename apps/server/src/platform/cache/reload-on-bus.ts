import { randomUUID } from 'node:crypto';
import type { Bus } from './bus.js';

/** What a per-instance cache gets from {@link reloadOnBus}. */
export interface BusReload {
  /** Calls fn after every change: one made here (announce) and each reload another instance asked for. */
  onChange(fn: () => void): void;
  /**
   * Tells this instance's listeners, then every other instance, that the data changed; resolves once a message
   * sent after the change is on the bus (announcements in one turn of the event loop share one).
   */
  announce(): Promise<void>;
}

/**
 * Keeps a per-instance cache in step with the others: any message on `channel` from another instance
 * runs `reload`, then the listeners. The bus hands an instance its own messages back too; those are
 * skipped, because the writer applies its change before it announces it (a second reload would only
 * cost a full read and clear what depends on the cache twice). A failed reload keeps the last good
 * copy and the listeners are not called; the next message tries again.
 */
export function reloadOnBus(bus: Bus, channel: string, reload: () => Promise<void> | void): BusReload {
  const self = randomUUID();
  const listeners: Array<() => void> = [];
  const notify = () => {
    for (const fn of listeners) fn();
  };
  bus.subscribe(channel, (from) => {
    if (from === self) return;
    void (async () => reload())().then(notify, () => {});
  });
  // The message not yet handed to the bus: announcements made before it goes (a batch of replies answered in
  // one turn of the event loop) share it, since it is sent after all their changes. One made once it has gone
  // gets a message of its own: the others may have read again between that message and its change.
  let queued: Promise<void> | null = null;
  return {
    onChange: (fn) => {
      listeners.push(fn);
    },
    announce: () => {
      notify();
      queued ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        queued = null;
        return bus.publish(channel, self);
      });
      return queued;
    },
  };
}
