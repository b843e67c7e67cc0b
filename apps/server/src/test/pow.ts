import { leadingZeroBits, powDigest } from '../features/captcha/index.js';

/** Finds the proof-of-work nonce of a challenge (what the browser does), for tests. */
export function solvePow(challenge: string, difficulty: number): string {
  for (let n = 0; ; n++) {
    if (leadingZeroBits(powDigest(challenge, String(n))) >= difficulty) return String(n);
  }
}
