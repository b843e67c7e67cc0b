import {
  adminUnfreezeUserWallet,
  adminUpdateUserWallet,
  adminUserWallet,
  walletLog,
  walletUser,
} from '@forum/contracts';
import type { Route } from '../../platform/http/router.js';
import type { WalletService } from './wallet.service.js';

/** Mounts the wallet calls (reference §1.9); the backAdmin ones are `admin`: -4002 for anyone else. */
export function registerWalletRoutes(route: Route, wallet: WalletService): void {
  const signedIn = { auth: 'required' as const, payExempt: true };
  const admin = { admin: true };
  route(walletUser, signedIn, async (_input, { actor }) => wallet.mine(actor));
  route(walletLog, signedIn, async (input, { actor }) =>
    wallet.log(actor, input.page, input.perPage, {
      changeTypes: input.changeType,
      startDay: input.startTime,
      endDay: input.endTime,
    }),
  );
  route(adminUserWallet, admin, async (input) => wallet.ofUser(input.userId));
  route(adminUpdateUserWallet, admin, async (input, { actor }) => wallet.adminUpdate(actor, input));
  route(adminUnfreezeUserWallet, admin, async (input, { actor }) => wallet.adminUnfreeze(actor, input));
}
