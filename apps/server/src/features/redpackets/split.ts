import { randomInt } from 'node:crypto';
import { RedPacketRule } from '@forum/contracts';

/**
 * The next share of a red packet with `remainFen` left for `remainNumber` people. Fixed: the total divided
 * evenly, the last share taking the remainder. Random: uniform between 1 fen and twice the fair share, but
 * always leaving 1 fen for each share still to come; the last share takes what is left. Sums are exact.
 */
export function nextShare(
  rule: number,
  amountFen: bigint,
  number: number,
  remainFen: bigint,
  remainNumber: number,
): bigint {
  if (remainNumber <= 1) return remainFen;
  const left = BigInt(remainNumber);
  if (rule === RedPacketRule.FIXED) return amountFen / BigInt(number);
  const mostKeepingOthers = remainFen - (left - 1n);
  const twiceFair = (remainFen * 2n) / left;
  const max = twiceFair < mostKeepingOthers ? twiceFair : mostKeepingOthers;
  // Below 2^48 fen (the packet limit is far lower), so randomInt's range is exact.
  return max <= 1n ? 1n : BigInt(randomInt(1, Number(max) + 1));
}

/** Splits `totalFen` evenly among `n` people, the first `total mod n` getting one fen more (sums exactly). */
export function evenSplit(totalFen: bigint, n: number): bigint[] {
  const base = totalFen / BigInt(n);
  const extra = Number(totalFen % BigInt(n));
  return Array.from({ length: n }, (_, i) => base + (i < extra ? 1n : 0n));
}
