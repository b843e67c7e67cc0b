import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RecentThreads } from './recent-threads.js';
import type { PostThread } from './threads.port.js';

const thread = (id: number) => ({ id, categoryId: 1, title: `t${id}` }) as unknown as PostThread;

describe('RecentThreads', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-12-01T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('serves a copy for ten seconds after it was read, however often it is written again', () => {
    const recent = new RecentThreads();
    const row = thread(1);
    recent.set(row);
    vi.advanceTimersByTime(6_000);
    recent.set(row);
    expect(recent.get(1)).toBe(row);
    vi.advanceTimersByTime(4_001);
    expect(recent.get(1)).toBeUndefined();
  });

  it('starts the time again for a fresh read of the same thread', () => {
    const recent = new RecentThreads();
    recent.set(thread(1));
    vi.advanceTimersByTime(6_000);
    const fresh = thread(1);
    recent.set(fresh);
    vi.advanceTimersByTime(6_000);
    expect(recent.get(1)).toBe(fresh);
  });

  it('keeps at most 512 threads, dropping the one read first', () => {
    const recent = new RecentThreads();
    for (let id = 1; id <= 513; id++) recent.set(thread(id));
    expect(recent.get(1)).toBeUndefined();
    expect(recent.get(2)?.id).toBe(2);
    expect(recent.get(513)?.id).toBe(513);
  });
});
