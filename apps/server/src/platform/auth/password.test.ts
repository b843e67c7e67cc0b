import { describe, expect, it } from 'vitest';
import { hashPassword, parseStrength, passwordProblem, verifyPassword } from './password.js';

describe('passwords', () => {
  it('hashes with argon2id at the ASVS parameters and verifies', async () => {
    const h = await hashPassword('correct horse');
    expect(h.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(await verifyPassword(h, 'correct horse')).toBe(true);
    expect(await verifyPassword(h, 'wrong')).toBe(false);
    expect(await verifyPassword(null, 'anything')).toBe(false);
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
