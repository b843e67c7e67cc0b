import { RedPacketRule } from '@forum/contracts';
import { describe, expect, it } from 'vitest';
import { evenSplit, nextShare } from './split.js';

function drain(rule: number, amountFen: bigint, number: number): bigint[] {
  const shares: bigint[] = [];
  let remain = amountFen;
  for (let left = number; left > 0; left--) {
    const s = nextShare(rule, amountFen, number, remain, left);
    shares.push(s);
    remain -= s;
  }
  return shares;
}

describe('red packet shares', () => {
  it('random shares are never below 0.01 and always sum to the total exactly', () => {
    for (let i = 0; i < 500; i++) {
      const number = 1 + (i % 100);
      const amount = BigInt(number + ((i * 7919) % 20_000));
      const shares = drain(RedPacketRule.RANDOM, amount > 20_000n ? 20_000n : amount, number);
      expect(shares.every((s) => s >= 1n)).toBe(true);
      expect(shares.reduce((a, b) => a + b, 0n)).toBe(amount > 20_000n ? 20_000n : amount);
    }
  });

  it('the tightest packet (one fen a share) gives everyone exactly one fen', () => {
    expect(drain(RedPacketRule.RANDOM, 100n, 100).every((s) => s === 1n)).toBe(true);
  });

  it('fixed shares are equal, the last taking the remainder', () => {
    expect(drain(RedPacketRule.FIXED, 1000n, 3)).toEqual([333n, 333n, 334n]);
    expect(drain(RedPacketRule.FIXED, 500n, 5)).toEqual([100n, 100n, 100n, 100n, 100n]);
  });

  it('an even split sums exactly, earlier people taking the odd fen', () => {
    expect(evenSplit(10n, 3)).toEqual([4n, 3n, 3n]);
    expect(evenSplit(2n, 3)).toEqual([1n, 1n, 0n]);
  });
});
