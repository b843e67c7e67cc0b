import { fill } from '../i18n.ts';
import { mm } from '../i18n-money.ts';

// The server writes wallet-log memos for its own postings in fixed English ("recharge", "cash 12",
// "red packet of thread 7 expired"); an administrator's own memo or an order's title is kept as typed.
const MACHINE: Array<[RegExp, (m: RegExpExecArray) => string]> = [
  [/^recharge$/, () => mm.funds.memos.recharge],
  [/^order (\S+)$/, (m) => fill(mm.funds.memos.order, { sn: m[1]! })],
  [/^cash (\d+)$/, (m) => fill(mm.funds.memos.cash, { id: m[1]! })],
  [/^red packet of thread (\d+) expired$/, (m) => fill(mm.funds.memos.redPacketExpired, { id: m[1]! })],
  [/^red packet of thread (\d+)$/, (m) => fill(mm.funds.memos.redPacket, { id: m[1]! })],
  [/^bounty of thread (\d+) expired$/, (m) => fill(mm.funds.memos.bountyExpired, { id: m[1]! })],
  [/^bounty of thread (\d+)$/, (m) => fill(mm.funds.memos.bounty, { id: m[1]! })],
  [
    /^withdrawals (frozen|allowed)(?:: (.*))?$/s,
    (m) => {
      const what = m[1] === 'frozen' ? mm.funds.memos.frozen : mm.funds.memos.allowed;
      return m[2] ? fill(mm.funds.memos.withReason, { what, why: m[2] }) : what;
    },
  ],
];

/** A wallet-log memo in the page's language when the server wrote it, else as it was typed. */
export function memoText(memo: string): string {
  for (const [re, say] of MACHINE) {
    const m = re.exec(memo);
    if (m) return say(m);
  }
  return memo;
}
