import type { zhCash } from './zh-cash.ts';

/** English strings of the withdrawal page (typed against the Chinese set). */
export const enCash: typeof zhCash = {
  cash: {
    title: 'Withdraw',
    backToWallet: 'Back to wallet',
    available: 'Available',
    frozen: 'Frozen',
    amount: 'Amount (yuan)',
    amountInvalid: 'Enter an amount above 0 with at most two decimals',
    limits: '{{min}}–{{max}} yuan per request, at most {{daily}} yuan a day',
    account: 'Receiving account',
    accountHint: 'An Alipay or bank account number, used for the payout',
    feePreview: 'Fee rate {{rate}}: fee ¥{{fee}}, you receive ¥{{actual}}',
    notAllowed: 'Your group may not withdraw',
    submit: 'Apply for withdrawal',
    applied: 'Withdrawal requested; it awaits review',
    mine: 'My withdrawals',
    loading: 'Loading…',
    empty: 'No withdrawals yet',
    itemMeta: 'fee ¥{{fee}}, receive ¥{{actual}}',
    status: {
      1: 'Pending review',
      2: 'Approved',
      3: 'Rejected',
      4: 'Awaiting payout',
      5: 'Paid',
      6: 'Payout failed',
    },
  },
};
