import { Code } from '@forum/contracts';
import { AppError } from './errors.js';

/**
 * Counts API handlers still running. A client that hangs up does not stop its handler, and the server's
 * close does not wait for it: shutdown drains this before it closes the database, so no handler meets a
 * closed pool halfway through its work.
 */
export class InFlight {
  private running = 0;
  private closed = false;
  private waiters: Array<() => void> = [];

  /** Runs a handler, counted; once closing, refuses with -5001 (HTTP 503) so the client retries elsewhere. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.closed) throw new AppError(Code.NET_ERROR, 'the server is restarting, please try again');
    this.running += 1;
    try {
      return await fn();
    } finally {
      this.running -= 1;
      if (this.running === 0) for (const wake of this.waiters.splice(0)) wake();
    }
  }

  /** Refuses new handlers and resolves once none is running. */
  close(): Promise<void> {
    this.closed = true;
    return this.drain();
  }

  /** Resolves once no handler is running. */
  drain(): Promise<void> {
    return this.running === 0 ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }
}
