import { WALLET_LOG_TYPES } from '@forum/contracts';
import { describe, expect, it } from 'vitest';
import { enWallet } from '../../i18n/en-wallet.ts';
import { zhWallet } from '../../i18n/zh-wallet.ts';

describe('wallet-log change types', () => {
  it('every type a log line can have is named in zh and en, and no name is left without a type', () => {
    const types = WALLET_LOG_TYPES.map(String);
    for (const names of [zhWallet.wallet.type, enWallet.wallet.type]) {
      const named = Object.keys(names).filter((k) => k !== 'other');
      expect(named.sort()).toEqual([...types].sort());
    }
  });
});
