import { describe, expect, it } from 'vitest';
import * as contracts from '@forum/contracts/constants';
import { LANG_SYNC_COOKIE, PREFERENCE_PATH } from './i18n.ts';

// The first load keeps its own copies of these (importing the contracts' constants costs ~3.7 KB there): they
// must stay the server's.
describe('the footer link constants', () => {
  it('are the contracts', () => {
    expect(PREFERENCE_PATH).toBe(contracts.PREFERENCE_PATH);
    expect(LANG_SYNC_COOKIE).toBe(contracts.LANG_SYNC_COOKIE);
  });
});
