import type { WalletLogItem, WalletView } from '@forum/contracts';
import type { EntryRow } from './ledger.repository.js';
import { fenToYuan } from './money.js';

/** A wallet as the contract shows it: yuan strings and fen integers (fen fit a number: see MAX_FEN). */
export function presentWallet(
  userId: number,
  w: { available: bigint; frozen: bigint; status: number } | null,
): WalletView {
  const available = w?.available ?? 0n;
  const frozen = w?.frozen ?? 0n;
  return {
    userId,
    availableAmount: fenToYuan(available),
    freezeAmount: fenToYuan(frozen),
    availableFen: Number(available),
    freezeFen: Number(frozen),
    walletStatus: w?.status === 1 ? 1 : 0,
  };
}

/** One wallet-log line from a ledger entry on a member's own account. */
export function presentEntry(e: EntryRow): WalletLogItem {
  return {
    id: e.id,
    transactionId: e.transactionId,
    account: e.kind === 'member_frozen' ? 'frozen' : 'available',
    amount: fenToYuan(e.amount),
    amountFen: Number(e.amount),
    changeType: e.reason,
    memo: e.memo,
    createdAt: e.createdAt.toISOString(),
  };
}
