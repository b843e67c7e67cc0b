import { sql } from 'drizzle-orm';
import { orders } from '../orders/orders.table.js';
import { Ledger, type Move } from '../wallet/index.js';
import { entityStep } from './link-step.js';
import { bool, date, fen, int, str, type Step } from './runner.js';

const ledger = new Ledger();
/** The original's log type for the opening and closing entries (a manual adjustment). */
const OPENING_REASON = 32;

/** Member-side moves of one change, balanced against the import's counter account. */
function moves(userId: number, available: bigint, frozen: bigint): Move[] {
  const out: Move[] = [];
  if (available !== 0n) out.push({ account: { kind: 'member_available', userId }, amount: available });
  if (frozen !== 0n) out.push({ account: { kind: 'member_frozen', userId }, amount: frozen });
  if (available + frozen !== 0n)
    out.push({ account: { kind: 'manual_adjustment' }, amount: -(available + frozen) });
  return out;
}

/**
 * The opening balance a wallet needs so its logs never take it below zero, and the closing difference
 * between where the logs lead and the wallet's stored balance (zero when the history adds up).
 */
export function openingAndClosing(changes: bigint[], final: bigint): { open: bigint; close: bigint } {
  let run = 0n;
  let min = 0n;
  for (const c of changes) {
    run += c;
    if (run < min) min = run;
  }
  const open = -min;
  return { open, close: final - open - run };
}

/**
 * Wallets with their logs as ledger history: an opening entry where the logs start below zero, each log
 * as one posting (keyed by its id, so a re-run posts nothing twice), a closing entry where they do not
 * reach the stored balance; wallets that needed either are listed in the report.
 */
export const walletsStep: Step = {
  table: 'user_wallets',
  keys: ['user_id'],
  needs: ['users'],
  async write({ tx, maps, skip, list, note, source }, rows) {
    let imported = 0;
    for (const w of rows) {
      const userId = maps.get('users', w.user_id);
      if (!userId) {
        skip('user not imported');
        continue;
      }
      const logs = await source.query('SELECT * FROM user_wallet_logs WHERE user_id = ? ORDER BY id', [
        w.user_id,
      ]);
      const av = logs.map((l) => fen(l.change_available_amount));
      const fr = logs.map((l) => fen(l.change_freeze_amount));
      const a = openingAndClosing(av, fen(w.available_amount));
      const f = openingAndClosing(fr, fen(w.freeze_amount));
      let fresh = false;
      // Each posting is dated when the original's log was written, so wallet pages and finance statistics
      // by date read as they did there.
      const post = async (key: string, reason: number, m: Move[], memo: string, at: Date | null) => {
        if (m.length < 2) return;
        const r = await ledger.post(tx, {
          reason,
          idempotencyKey: key,
          actorId: null,
          memo,
          moves: m,
          at: at && at.getTime() <= Date.now() ? at : undefined,
        });
        if (!r.duplicate) fresh = true;
      };
      const src = int(w.user_id);
      const times = logs.map((l) => date(l.created_at)).filter((d): d is Date => d !== null);
      const first = times[0] ?? date(w.created_at);
      const last = times.reduce<Date | null>((m, d) => (m && m >= d ? m : d), null);
      const stored = date(w.updated_at);
      await post(
        `dzq:open:${src}`,
        OPENING_REASON,
        moves(userId, a.open, f.open),
        'Discuz! Q opening balance',
        first,
      );
      for (const [i, l] of logs.entries()) {
        const m = moves(userId, av[i]!, fr[i]!);
        if (m.length < 2) {
          note('wallet log with no change: not posted');
          continue;
        }
        await post(
          `dzq:log:${int(l.id)}`,
          int(l.change_type),
          m,
          `Discuz! Q: ${str(l.change_desc)}`,
          date(l.created_at),
        );
      }
      // The difference is known only as of the wallet's last change (never before its last log).
      await post(
        `dzq:close:${src}`,
        OPENING_REASON,
        moves(userId, a.close, f.close),
        'Discuz! Q closing difference',
        stored && last && stored < last ? last : (stored ?? last),
      );
      if (a.open || f.open || a.close || f.close)
        list(
          `user ${src} (ours ${userId}): opening ${a.open + f.open} fen, closing ${a.close + f.close} fen`,
        );
      if (bool(w.wallet_status))
        await tx.execute(sql`UPDATE wallets SET status = 1 WHERE user_id = ${userId}`);
      if (fresh) imported++;
    }
    return imported;
  },
};

/** Orders as records; the money they moved in members' wallets is in the wallet logs above. */
export const ordersStep = entityStep({
  table: 'orders',
  needs: ['users', 'threads', 'groups'],
  required: [['user_id', 'users', 'buyer not imported']],
  into: 'orders',
  insert: (tx, items, maps) =>
    tx.insert(orders).values(
      items.map(({ r, id }) => ({
        id,
        orderSn: str(r.order_sn).slice(0, 22),
        type: int(r.type),
        status: int(r.status),
        amountFen: fen(r.amount),
        userId: maps.get('users', r.user_id),
        payeeId: maps.get('users', r.payee_id) || null,
        threadId: maps.get('threads', r.thread_id) || null,
        groupId: maps.get('groups', r.group_id) || null,
        paymentType: r.payment_type === null ? null : int(r.payment_type),
        isAnonymous: bool(r.is_anonymous),
        title: str(r.remark),
        extra: { importedFrom: 'discuzq', paymentSn: str(r.payment_sn) },
        expiresAt: date(r.expired_at) ?? date(r.created_at) ?? new Date(),
        paidAt: int(r.status) === 1 ? date(r.updated_at) : null,
        createdAt: date(r.created_at) ?? new Date(),
        updatedAt: date(r.updated_at) ?? new Date(),
      })),
    ),
});
