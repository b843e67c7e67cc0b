import { Batcher } from './batcher.js';

/**
 * Concurrent reads by key coalesced into one query per batch (a `Batcher` of keys): under load, many requests'
 * lookups of the same kind cost one round trip. Only for reads outside a transaction: a batch starts after every
 * key in it was asked for, so it sees whatever those requests had committed before asking.
 */
export class Loader<K, V> {
  private readonly batcher: Batcher<K, V | null>;

  constructor(
    /** Reads the rows of these (distinct) keys; keys without a row are left out of the map. */
    fetch: (keys: K[]) => Promise<Map<K, V>>,
    opts = { maxBatch: 200, concurrency: 1 },
  ) {
    this.batcher = new Batcher<K, V | null>(async (keys) => {
      const found = await fetch([...new Set(keys)]);
      return keys.map((k) => found.get(k) ?? null);
    }, opts);
  }

  /** The row of one key, or null. */
  load(key: K): Promise<V | null> {
    return this.batcher.submit(key);
  }
}
