/**
 * The revenue split of a tip, paid thread or paid attachment (reference §1.9), in whole fen:
 * - when the site's author and owner shares (tenths) add up to 10, the author gets amount × author / 10 and the
 *   site keeps the rest; when they are not set that way, the author gets everything;
 * - the payer's inviter, when their relation earns commission, gets `be_scale` tenths out of the author's share.
 * Each part is rounded half up to the fen and the remainder is derived, so the parts always sum to the amount.
 */
export interface Split {
  author: bigint;
  site: bigint;
  inviter: bigint;
}

/** `fen × tenths / 10`, rounded half up. */
function tenths(fen: bigint, scale: number): bigint {
  return (fen * BigInt(scale) + 5n) / 10n;
}

function scaleOf(v: number): number {
  return Number.isInteger(v) && v >= 0 && v <= 10 ? v : 0;
}

/** Splits `amount` fen; `commissionScale` is null when the payer has no inviter earning commission. */
export function splitRevenue(
  amount: bigint,
  authorScale: number,
  masterScale: number,
  commissionScale: number | null,
): Split {
  const a = scaleOf(authorScale);
  const set = a + scaleOf(masterScale) === 10;
  const authorShare = set ? tenths(amount, a) : amount;
  const inviter = commissionScale == null ? 0n : tenths(authorShare, scaleOf(commissionScale));
  return { author: authorShare - inviter, site: amount - authorShare, inviter };
}
