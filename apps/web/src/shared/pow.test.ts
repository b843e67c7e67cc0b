import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Words, solvePow, zeroBits } from './pow.ts';

const hex = (words: Uint32Array) => [...words].map((w) => w.toString(16).padStart(8, '0')).join('');
const nodeHex = (s: string) => createHash('sha256').update(s).digest('hex');

describe('proof-of-work solver', () => {
  it('hashes like node crypto across block boundaries', () => {
    for (const s of [
      '',
      'abc',
      'x'.repeat(55),
      'y'.repeat(56),
      'z'.repeat(64),
      '挑战:12345',
      'q'.repeat(200),
    ]) {
      expect(hex(sha256Words(new TextEncoder().encode(s)))).toBe(nodeHex(s));
    }
  });

  it('finds a nonce the server accepts', async () => {
    const nonce = await solvePow('abcdef0123', 12);
    const digest = createHash('sha256').update(`abcdef0123:${nonce}`).digest();
    expect(digest[0]).toBe(0);
    expect(digest[1]! >> 4).toBe(0);
    expect(zeroBits(new Uint32Array([0, 1]))).toBe(63);
  });
});
