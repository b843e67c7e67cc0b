import { describe, expect, it } from 'vitest';
import { splitRevenue } from './revenue-split.js';

const AMOUNTS = [1n, 3n, 7n, 999n, 9_999_999n];
const SCALES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

describe('splitRevenue', () => {
  it('author + site + inviter equal the amount, none negative, for awkward amounts and every scale', () => {
    for (const amount of AMOUNTS)
      for (const a of SCALES)
        for (const m of SCALES)
          for (const c of [null, ...SCALES]) {
            const s = splitRevenue(amount, a, m, c);
            expect(s.author + s.site + s.inviter, `${amount} ${a}/${m} ${c}`).toBe(amount);
            expect(s.author >= 0n && s.site >= 0n && s.inviter >= 0n).toBe(true);
          }
  });

  it('shares in tenths when author + owner = 10, rounded half up to the fen; else the author takes all', () => {
    expect(splitRevenue(999n, 8, 2, null)).toEqual({ author: 799n, site: 200n, inviter: 0n });
    expect(splitRevenue(3n, 5, 5, null)).toEqual({ author: 2n, site: 1n, inviter: 0n });
    expect(splitRevenue(1n, 4, 6, null)).toEqual({ author: 0n, site: 1n, inviter: 0n });
    expect(splitRevenue(9_999_999n, 7, 3, null)).toEqual({
      author: 6_999_999n,
      site: 3_000_000n,
      inviter: 0n,
    });
    // Not set as a pair: the owner takes nothing.
    expect(splitRevenue(500n, 0, 0, null)).toEqual({ author: 500n, site: 0n, inviter: 0n });
    expect(splitRevenue(500n, 6, 2, null)).toEqual({ author: 500n, site: 0n, inviter: 0n });
  });

  it("the inviter's commission comes out of the author's share", () => {
    expect(splitRevenue(1000n, 8, 2, 3)).toEqual({ author: 560n, site: 200n, inviter: 240n });
    expect(splitRevenue(1000n, 10, 0, 10)).toEqual({ author: 0n, site: 0n, inviter: 1000n });
    expect(splitRevenue(1n, 10, 0, 5)).toEqual({ author: 0n, site: 0n, inviter: 1n });
  });
});
