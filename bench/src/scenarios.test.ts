import { describe, expect, it } from 'vitest';
import { failedRows, memberGuestRatio, type Row } from './report.js';
import { BROWSER_ENCODING, requestHeaders, scenarios, type BenchContext } from './scenarios.js';

const ctx = (inline: boolean): BenchContext => ({
  money: null,
  threadId: 7,
  bigThreadId: null,
  bigThreadPages: 0,
  web: true,
  overlayPath: '/api/v3/viewer.overlay?threadIds=1,2',
  threadOverlayPath: '/api/v3/viewer.overlay?threadIds=7&postIds=8',
  overlayInline: { home: inline, thread: inline },
  pairs: [],
});

describe('bench scenarios', () => {
  it('asks as browsers do on every read except the identity rows', () => {
    const rows = scenarios(ctx(true));
    for (const s of rows.filter((r) => r.method === 'GET')) {
      const h = requestHeaders(s, 'tok');
      if (s.identity) expect(h['accept-encoding']).toBeUndefined();
      else expect(h['accept-encoding']).toBe(BROWSER_ENCODING);
    }
    expect(rows.filter((r) => r.identity).map((r) => r.name)).toEqual([
      'thread.list API (guest, identity)',
      'home page / (guest, identity)',
    ]);
    // Guest and member thread.list rows, paired.
    expect(rows.filter((r) => r.pair === 'thread.list API').map((r) => !!r.auth)).toEqual([false, true]);
  });

  it('counts a member view as the page plus the overlay it asks for', () => {
    const inline = scenarios(ctx(true)).filter((r) => r.opUnit === 'views');
    const fetched = scenarios(ctx(false)).filter((r) => r.opUnit === 'views');
    expect(inline.map((r) => [r.requestsPerOp, r.alsoGet])).toEqual([
      [1, []],
      [1, []],
    ]);
    expect(fetched.map((r) => [r.requestsPerOp, r.alsoGet])).toEqual([
      [2, ['/api/v3/viewer.overlay?threadIds=1,2']],
      [2, ['/api/v3/viewer.overlay?threadIds=7&postIds=8']],
    ]);
    for (const r of [...inline, ...fetched]) expect(requestHeaders(r, 'tok').cookie).toBe('access_token=tok');
  });

  it('reports a member view against the guest page in views, other rows in requests', () => {
    const row = (name: string, member: boolean, rps: number, opsPerSec?: number): Row => ({
      name,
      pair: 'home page /',
      member,
      rps,
      p50: 1,
      p99: 2,
      errors: 0,
      ratio: 0,
      rssMb: 0,
      cpuMs: { server: 0, db: 0 },
      ...(opsPerSec !== undefined ? { opsPerSec } : {}),
    });
    const rows = [row('guest', false, 1000), row('member', true, 900), row('view', true, 1200, 600)];
    expect(memberGuestRatio(rows, rows[1]!)).toBe(0.9);
    expect(memberGuestRatio(rows, rows[2]!)).toBe(0.6);
    expect(memberGuestRatio(rows, rows[0]!)).toBeUndefined();
  });

  it('names every row whose requests failed, and only those', () => {
    const row = (name: string, errors: number): Row => ({
      name,
      member: true,
      rps: 6000,
      p50: 6,
      p99: 40,
      errors,
      ratio: 0,
      rssMb: 0,
      cpuMs: { server: 0, db: 0 },
    });
    expect(
      failedRows([
        { label: 'embedded', rows: [row('wallet payment: tip', 59805), row('home page /', 0)] },
        { label: 'DATABASE_URL', rows: [row('wallet payment: tip', 0)] },
      ]),
    ).toEqual(['[embedded] wallet payment: tip: 59805 failed']);
  });
});
