/**
 * Group commit: concurrent calls coalesced into batches. While fewer than `concurrency` batches are running a call
 * goes at once (an idle server adds no wait); calls made while they all run queue up and go together in the next
 * batch, at most `maxBatch` at a time. So under load one statement and one commit serve many calls, and the
 * batch size follows the load by itself, with no timer.
 */
export class Batcher<I, O> {
  private readonly queue: Array<{ item: I; resolve: (o: O) => void; reject: (e: unknown) => void }> = [];
  private running = 0;

  constructor(
    /** Runs one batch; answers one result per item, in order. A throw fails every item of the batch. */
    private readonly run: (items: I[]) => Promise<O[]>,
    private readonly opts: { maxBatch: number; concurrency: number },
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
      const batch = this.queue.splice(0, this.opts.maxBatch);
      this.running++;
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
}
