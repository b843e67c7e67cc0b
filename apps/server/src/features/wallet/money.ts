import { invalid } from '../../platform/http/errors.js';

/** The largest single amount a posting accepts, in fen: it still fits a JS number exactly. */
export const MAX_FEN = BigInt(Number.MAX_SAFE_INTEGER);

/** Fen from a yuan string with at most two decimals (the contract has checked the shape); never via floats. */
export function yuanToFen(yuan: string, field = 'amount'): bigint {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!m) throw invalid(`${field} must be yuan with at most two decimals`);
  const fen = BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
  if (fen > MAX_FEN) throw invalid(`${field} is too large`);
  return fen;
}

/** A yuan string with two decimals from signed fen. */
export function fenToYuan(fen: bigint): string {
  const sign = fen < 0n ? '-' : '';
  const abs = fen < 0n ? -fen : fen;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** Fen as a bigint from a bigint or a safe integer; anything else (floats, NaN, unsafe) is refused. */
export function toFen(amount: bigint | number, field = 'amount'): bigint {
  if (typeof amount === 'number' && !Number.isSafeInteger(amount)) {
    throw invalid(`${field} must be a whole number of fen`);
  }
  const fen = BigInt(amount);
  if (fen > MAX_FEN || fen < -MAX_FEN) throw invalid(`${field} is too large`);
  return fen;
}
