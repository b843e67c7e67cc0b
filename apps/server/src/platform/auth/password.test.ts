import { describe, expect, it } from 'vitest';
import {
  ARGON2_AT_ONCE,
  hashPassword,
  inTurn,
  needsRehash,
  parseStrength,
  passwordProblem,
  verifyPassword,
} from './password.js';

describe('passwords', () => {
  it('hashes with argon2id at 7 MiB and 5 passes (equal to 19 MiB and 2 passes) and verifies', async () => {
    const h = await hashPassword('correct horse');
    expect(h.startsWith('$argon2id$v=19$m=7168,t=5,p=1$')).toBe(true);
    expect(needsRehash(h)).toBe(false);
    expect(await verifyPassword(h, 'correct horse')).toBe(true);
    expect(await verifyPassword(h, 'wrong')).toBe(false);
    expect(await verifyPassword(null, 'anything')).toBe(false);
  });

  it('a hash of older parameters, or an imported bcrypt one, still verifies and is marked to be made again', async () => {
    const { hash } = await import('@node-rs/argon2');
    const older = await hash('correct horse', {
      algorithm: 2,
      memoryCost: 19456,
      timeCost: 2,
      parallelism: 1,
    });
    expect(older.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(await verifyPassword(older, 'correct horse')).toBe(true);
    expect(await verifyPassword(older, 'wrong')).toBe(false);
    expect(needsRehash(older)).toBe(true);
    expect(needsRehash('$2y$10$abcdefghijklmnopqrstuv')).toBe(true);
  });

  it('runs at most two argon2 jobs at once, the rest in order, and a failure frees its slot', async () => {
    let now = 0;
    let most = 0;
    const order: number[] = [];
    const job = (i: number) => async () => {
      most = Math.max(most, ++now);
      await new Promise((r) => setTimeout(r, 5));
      now--;
      order.push(i);
      if (i === 1) throw new Error('boom');
      return i;
    };
    const results = await Promise.allSettled(Array.from({ length: 7 }, (_, i) => inTurn(job(i))));
    expect(ARGON2_AT_ONCE).toBeGreaterThanOrEqual(1);
    expect(ARGON2_AT_ONCE).toBeLessThanOrEqual(2);
    expect(most).toBe(ARGON2_AT_ONCE);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', ...Array(5).fill('fulfilled')]);
    expect([...order].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // A full queue still hashes and verifies.
    const hashes = await Promise.all(['a1b2c3', 'd4e5f6', 'g7h8i9'].map((p) => hashPassword(p)));
    expect(await verifyPassword(hashes[2]!, 'g7h8i9')).toBe(true);
  });

  it('applies length, space and strength rules', () => {
    expect(passwordProblem('abc12', 6, [])?.en).toMatch(/at least 6/);
    expect(passwordProblem('abc 123', 6, [])?.en).toMatch(/spaces/);
    expect(passwordProblem('abcdefgh', 6, parseStrength('0'))?.en).toMatch(/digit/);
    expect(passwordProblem('abcdefg1', 6, parseStrength('0,3'))?.en).toMatch(/uppercase/);
    expect(passwordProblem('Abcdefg1!', 6, parseStrength('0,1,2,3'))).toBeNull();
    expect(passwordProblem('x'.repeat(51), 6, [])?.en).toMatch(/at most 50/);
    // The setting cannot lower the minimum below 6.
    expect(passwordProblem('abcde', 3, [])?.en).toMatch(/at least 6/);
  });
});
