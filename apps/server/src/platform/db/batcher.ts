/**
 * Group commit: concurrent calls coalesced into batches. While fewer than `concurrency` batches are running a call
 * goes at once (an idle server adds no wait); calls made while they all run queue up and go together in the next
 * batch, at most `maxBatch` at a time. So under load one statement and one commit serve many calls, and the
 * batch size follows the load by itself; `linger` adds a short wait only while calls trickle in steadily.
 */
export class Batcher<I, O> {
  private readonly queue: Array<{ item: I; resolve: (o: O) => void; reject: (e: unknown) => void }> = [];
  private running = 0;
  /** When the last batch started (performance.now()), for `linger`. */
  private lastStart = -Infinity;
  /** A short batch held back for company (`linger`); it goes when this fires. */
  private held: ReturnType<typeof setTimeout> | null = null;

  constructor(
    /** Runs one batch; answers one result per item, in order. A throw fails every item of the batch. */
    private readonly run: (items: I[]) => Promise<O[]>,
    private readonly opts: {
      maxBatch: number;
      concurrency: number;
      /**
       * Under a steady trickle (the last batch started less than `withinMs` ago), a batch of fewer than `below`
       * calls waits `ms` for more before it goes: at 1,000 replies a second each batch otherwise held one or
       * two, and every batch costs a statement, a commit and its wakes. A call after a quiet spell goes at once.
       */
      linger?: { ms: number; below: number; withinMs: number };
    },
  ) {}

  /** Queues one item; resolves with its result once its batch has run. */
  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.opts.concurrency && this.queue.length > 0) {
      if (this.holds()) return;
      const batch = this.queue.splice(0, this.opts.maxBatch);
      this.running++;
      this.lastStart = performance.now();
      this.run(batch.map((b) => b.item))
        .then(
          (out) => {
            if (out.length !== batch.length) throw new Error('batch answered a different number of results');
            batch.forEach((b, i) => b.resolve(out[i]!));
          },
          (err: unknown) => batch.forEach((b) => b.reject(err)),
        )
        .catch((err: unknown) => batch.forEach((b) => b.reject(err)))
        .finally(() => {
          this.running--;
          this.pump();
        });
    }
  }

  /** Whether the next batch waits for company (`linger`): says true while it is held. */
  private holds(): boolean {
    const l = this.opts.linger;
    if (this.held) {
      if (this.queue.length < (l?.below ?? 0)) return true;
      // Enough company came: the batch goes now.
      clearTimeout(this.held);
      this.held = null;
      return false;
    }
    if (!l || this.queue.length >= l.below || performance.now() - this.lastStart > l.withinMs) return false;
    this.held = setTimeout(() => {
      this.held = null;
      // Held long enough: it goes now, whatever came meanwhile (not held a second time).
      this.lastStart = -Infinity;
      this.pump();
    }, l.ms);
    return true;
  }
}
