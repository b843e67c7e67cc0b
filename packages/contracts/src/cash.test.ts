import { describe, expect, it } from 'vitest';
import { cashFee, yuanStringToFen } from './cash-fee.js';

describe('withdrawal fee', () => {
  it('rounds up to the fen and never exceeds the amount', () => {
    expect(cashFee(1001n, '0.006')).toBe(7n); // 6.006 fen
    expect(cashFee(1000n, '0.006')).toBe(6n);
    expect(cashFee(1n, '0.0001')).toBe(1n);
    expect(cashFee(500n, '1')).toBe(500n);
    expect(cashFee(500n, '0')).toBe(0n);
    expect(cashFee(500n, 'abc')).toBe(0n);
    expect(cashFee(500n, '1.5')).toBe(0n);
  });
  it('reads yuan strings without floats', () => {
    expect(yuanStringToFen('0.1')).toBe(10n);
    expect(yuanStringToFen('12.34')).toBe(1234n);
    expect(yuanStringToFen('1.234')).toBeNull();
    expect(yuanStringToFen('-1')).toBeNull();
  });
});
