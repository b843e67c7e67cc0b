import type { Database } from '../../platform/db/db.js';
import type { Route } from '../../platform/http/router.js';
import { Ledger } from './ledger.service.js';
import { WalletService } from './wallet.service.js';
import { registerWalletRoutes } from './wallet.routes.js';

/** Wallet feature: the double-entry ledger core and the wallet calls (issue 12 item 1). */
export { Ledger, insufficientBalance } from './ledger.service.js';
export type { Account, Move, Posting, PostResult } from './ledger.service.js';
export type { LedgerCheck } from './ledger.repository.js';
export { fenToYuan, yuanToFen } from './money.js';
export { ledgerAccounts, ledgerEntries, ledgerTransactions, wallets } from './wallet.table.js';

/** Mounts the wallet calls; returns the ledger later money features post through. */
export function mountWallet(ctx: { database: Database; route: Route }): { ledger: Ledger } {
  const ledger = new Ledger();
  registerWalletRoutes(ctx.route, new WalletService(ctx.database.db, ledger));
  return { ledger };
}
