import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher.js';
import { Loader } from './loader.js';

/** A batch runner that records its batches and answers when released. */
function recorder<I, O>(answer: (i: I) => O) {
  const batches: I[][] = [];
  const waiting: Array<() => void> = [];
  const run = (items: I[]) => {
    batches.push(items);
    return new Promise<O[]>((resolve) => waiting.push(() => resolve(items.map(answer))));
  };
  const release = async () => {
    await new Promise((r) => setImmediate(r));
    waiting.shift()?.();
    await new Promise((r) => setImmediate(r));
  };
  return { batches, run, release };
}

describe('Batcher', () => {
  it('sends an idle call at once and groups the calls made while a batch runs, in order', async () => {
    const r = recorder((n: number) => n * 10);
    const b = new Batcher(r.run, { maxBatch: 3, concurrency: 1 });
    const first = b.submit(1);
    const rest = [2, 3, 4, 5].map((n) => b.submit(n));
    expect(r.batches).toEqual([[1]]);
    await r.release();
    expect(r.batches).toEqual([[1], [2, 3, 4]]);
    await r.release();
    expect(r.batches).toEqual([[1], [2, 3, 4], [5]]);
    await r.release();
    expect(await first).toBe(10);
    expect(await Promise.all(rest)).toEqual([20, 30, 40, 50]);
  });

  it('a failed batch fails its own calls only; a wrong number of answers is an error', async () => {
    let calls = 0;
    const b = new Batcher(
      async (items: number[]) => {
        calls++;
        if (items.includes(13)) throw new Error('unlucky');
        return calls === 3 ? [] : items;
      },
      { maxBatch: 10, concurrency: 1 },
    );
    const bad = b.submit(13);
    const good = b.submit(7);
    await expect(bad).rejects.toThrow('unlucky');
    expect(await good).toBe(7);
    await expect(b.submit(8)).rejects.toThrow('different number');
  });
});

describe('Batcher linger', () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const batcher = (withinMs: number) => {
    const batches: number[][] = [];
    const b = new Batcher(
      async (items: number[]) => {
        batches.push(items);
        return items;
      },
      { maxBatch: 10, concurrency: 1, linger: { ms: 40, below: 3, withinMs } },
    );
    return { b, batches };
  };

  it('under a trickle holds a short batch for company; the wait or enough company sends it', async () => {
    const { b, batches } = batcher(1000);
    await b.submit(1);
    expect(batches).toEqual([[1]]);
    // A batch started just now: the next call waits, and one made meanwhile joins it.
    const t0 = performance.now();
    const two = b.submit(2);
    await sleep(5);
    expect(batches).toEqual([[1]]);
    await Promise.all([two, b.submit(3)]);
    expect(batches).toEqual([[1], [2, 3]]);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(35);
    // Three calls are company enough: they go before the wait is over.
    const t1 = performance.now();
    expect(await Promise.all([b.submit(4), b.submit(5), b.submit(6)])).toEqual([4, 5, 6]);
    expect(batches.at(-1)).toEqual([4, 5, 6]);
    expect(performance.now() - t1).toBeLessThan(35);
  });

  it('sends a call after a quiet spell at once', async () => {
    const { b, batches } = batcher(10);
    await b.submit(1);
    await sleep(20);
    const t0 = performance.now();
    await b.submit(2);
    expect(batches).toEqual([[1], [2]]);
    expect(performance.now() - t0).toBeLessThan(35);
  });
});

describe('Loader', () => {
  it('reads each distinct key once per batch and answers null for a missing row', async () => {
    const asked: number[][] = [];
    const l = new Loader<number, string>(async (ids) => {
      asked.push(ids);
      return new Map(ids.filter((id) => id !== 4).map((id) => [id, `row ${id}`]));
    });
    const got = await Promise.all([1, 2, 2, 3, 4, 1].map((id) => l.load(id)));
    expect(got).toEqual(['row 1', 'row 2', 'row 2', 'row 3', null, 'row 1']);
    // The first key went alone (nothing was running); the rest waited for it and went together, each once.
    expect(asked).toEqual([[1], [2, 3, 4, 1]]);
  });
});
