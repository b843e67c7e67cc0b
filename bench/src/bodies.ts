import { createRequire } from 'node:module';

/** The part of autocannon's per-connection reply queue that this module changes. */
interface ReplyQueue {
  peek(): { req?: { onResponse?: unknown }; body: string } | undefined;
  addBody(data: Buffer): void;
}

/**
 * autocannon decodes every reply's body into a string (`body += chunk`), only to hand it to an `onResponse`
 * callback or a body check. A brotli page is binary, so each reply is a UTF-8 decode of kilobytes of
 * compressed bytes in the load generator: measured at about 4 us per KB, which made a 5 KB page look like
 * a third of the ceiling while the server spent 30 us on it. No browser does that work, and no read row
 * sets a callback; so a body is kept only for a request that has one (the chained money rows read their
 * first reply), and every other reply's bytes are still counted, received and framed, just not decoded.
 */
export function keepBodiesOnlyForCallbacks(): void {
  const require = createRequire(import.meta.url);
  const queue = (require('autocannon/lib/pipelinedRequestsQueue.js') as { prototype: ReplyQueue }).prototype;
  queue.addBody = function (this: ReplyQueue, data: Buffer) {
    const pending = this.peek();
    if (pending && typeof pending.req?.onResponse === 'function') pending.body += data.toString();
  };
}
