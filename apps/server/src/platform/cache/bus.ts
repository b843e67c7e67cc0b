import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

/** Fan-out of small messages between instances: Redis pub/sub when REDIS_URL is set, in-process otherwise. */
export interface Bus {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, fn: (message: string) => void): void;
  close(): Promise<void>;
}

/** In-process bus: one instance, no Redis. */
export function memoryBus(): Bus {
  const ee = new EventEmitter();
  ee.setMaxListeners(0);
  return {
    publish: async (channel, message) => {
      ee.emit(channel, message);
    },
    subscribe: (channel, fn) => ee.on(channel, fn),
    close: async () => {
      ee.removeAllListeners();
    },
  };
}

/** Redis bus: every instance of the forum named `namespace` (this one included) receives every message. */
export async function redisBus(url: string, namespace = 'forum'): Promise<Bus> {
  const PREFIX = `forum:${namespace}:`;
  const { Redis: RedisClient } = await import('ioredis');
  const pub: Redis = new RedisClient(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const sub: Redis = new RedisClient(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await Promise.all([pub.connect(), sub.connect()]);
  const ee = new EventEmitter();
  ee.setMaxListeners(0);
  sub.on('message', (channel: string, message: string) => ee.emit(channel.slice(PREFIX.length), message));
  return {
    publish: async (channel, message) => {
      await pub.publish(PREFIX + channel, message);
    },
    subscribe: (channel, fn) => {
      if (ee.listenerCount(channel) === 0) void sub.subscribe(PREFIX + channel);
      ee.on(channel, fn);
    },
    close: async () => {
      ee.removeAllListeners();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
