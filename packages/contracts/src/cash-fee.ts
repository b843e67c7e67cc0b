// The withdrawal fee rule without zod, so the web's withdrawal page can preview it without the validators.

/** Fen from a yuan string with at most two decimals, null when it is not one (integer maths, never floats). */
export function yuanStringToFen(yuan: string): bigint | null {
  const m = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  return m ? BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0')) : null;
}

/**
 * The fee on a withdrawal (reference §1.9): amount × `cash_rate` (0–1, up to four decimals) rounded UP to the
 * fen, never above the amount; a malformed rate counts as 0. Shared by the server and the page's preview.
 */
export function cashFee(applyFen: bigint, rate: string): bigint {
  const m = /^([01])(?:\.(\d{1,4}))?$/.exec(rate.trim());
  const e4 = m ? BigInt(m[1]!) * 10_000n + BigInt((m[2] ?? '').padEnd(4, '0')) : 0n;
  if (e4 > 10_000n) return 0n;
  const fee = (applyFen * e4 + 9_999n) / 10_000n;
  return fee > applyFen ? applyFen : fee;
}
