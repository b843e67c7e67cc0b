import { describe, expect, it } from 'vitest';
import { STALE_AFTER_MS, staleBenchDatabases } from './stale-databases.js';

describe('stale bench databases', () => {
  const now = 1_796_000_000_000;
  it('names only the bench databases older than a run could be', () => {
    const names = [
      'test',
      'postgres',
      `forum_bench_${now - STALE_AFTER_MS - 1}`,
      `forum_bench_${now - 60_000}`,
      `forum_bench_${now - STALE_AFTER_MS - 1}_copy`,
      `my_forum_bench_${now - STALE_AFTER_MS - 1}`,
    ];
    expect(staleBenchDatabases(names, now)).toEqual([`forum_bench_${now - STALE_AFTER_MS - 1}`]);
  });
  it('leaves a running bench its database', () => {
    expect(staleBenchDatabases([`forum_bench_${now}`], now)).toEqual([]);
  });
});
