import { cashFee, yuanStringToFen } from '@forum/contracts/cash-fee';

/** Yuan with two decimals from fen. */
const yuan = (fen: bigint) => `${fen / 100n}.${(fen % 100n).toString().padStart(2, '0')}`;

/** The fee and what arrives for an amount typed in the form; null while it is not a positive amount. */
export function feePreview(amount: string, rate: string): { fee: string; actual: string } | null {
  const fen = yuanStringToFen(amount);
  if (fen === null || fen <= 0n) return null;
  const fee = cashFee(fen, rate);
  return { fee: yuan(fee), actual: yuan(fen - fee) };
}
