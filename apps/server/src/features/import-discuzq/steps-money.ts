import { OrderType } from '@forum/contracts';
import { sql } from 'drizzle-orm';
import { orderChildren, orders } from '../orders/orders.table.js';
import { Ledger, type Move } from '../wallet/index.js';
import { entityStep } from './link-step.js';
import { allocIds, bool, date, fen, int, str, type Step } from './runner.js';
import type { Row, Source } from './source.js';

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

/** The source table of a part's block, by part type. */
const BLOCK_TABLE: Record<number, string> = {
  [OrderType.RED_PACKET]: 'thread_red_packets',
  [OrderType.BOUNTY]: 'thread_rewards',
};

/**
 * `order_children`: the parts of a merged order (type 11), found by the order's number, each linked to the
 * imported red packet or bounty of its thread (none when that block did not come over: the part keeps its
 * amount). The original's per-part status and refund are not kept: the order's status and the wallet logs
 * carry them.
 */
export const orderChildrenStep: Step = {
  table: 'order_children',
  needs: ['orders', 'thread_red_packets', 'thread_rewards'],
  async write({ tx, maps, skip, note, source }, rows) {
    const sns = [...new Set(rows.map((r) => str(r.order_sn)))];
    const parents = await source.query(
      `SELECT o.id, o.order_sn, o.type, o.thread_id, o.amount,
         (SELECT SUM(c.amount) FROM order_children c WHERE c.order_sn = o.order_sn) AS parts
       FROM orders o WHERE o.order_sn IN (?)`,
      [sns],
    );
    const parentOf = new Map(parents.map((o) => [str(o.order_sn), o]));
    const threadOf = (r: Row) => int(r.thread_id) || int(parentOf.get(str(r.order_sn))?.thread_id);
    const blocks = await blocksOf(source, [...new Set(rows.map(threadOf).filter((t) => t > 0))]);
    const ok: Array<{ r: Row; row: typeof orderChildren.$inferInsert }> = [];
    for (const r of rows) {
      const parent = parentOf.get(str(r.order_sn));
      const orderId = parent ? maps.get('orders', parent.id) : 0;
      const type = int(r.type);
      const why = rejectPart(r, parent, orderId);
      if (why) {
        skip(why);
        continue;
      }
      const table = BLOCK_TABLE[type]!;
      const blockId = maps.get(table, blocks.get(`${table}:${threadOf(r)}`)) || null;
      if (!blockId) note(`its ${table} row did not come over: imported without a block`);
      if (fen(parent!.parts) !== fen(parent!.amount))
        note("parts do not add up to the order's amount: imported as the original has them");
      ok.push({
        r,
        row: { orderId, orderSn: str(r.order_sn).slice(0, 22), type, amountFen: fen(r.amount), blockId },
      });
    }
    if (ok.length === 0) return [];
    const ids = await allocIds(tx, 'order_children', ok.length);
    // One part per type and order here: a second one of the same type is left out.
    const done = await tx
      .insert(orderChildren)
      .values(ok.map(({ row }, i) => ({ ...row, id: ids[i]! })))
      .onConflictDoNothing()
      .returning({ id: orderChildren.id });
    const written = new Set(done.map((d) => d.id));
    return ok.flatMap(({ r }, i) => {
      if (written.has(ids[i]!)) return [[int(r.id), ids[i]!] as [number, number]];
      skip('a second part of the same type for its order');
      return [];
    });
  },
};

/** Why a part cannot come over (null when it can). */
function rejectPart(r: Row, parent: Row | undefined, orderId: number): string | null {
  if (!orderId) return 'order not imported';
  if (int(parent!.type) !== OrderType.MERGE) return 'its order is not a merged order (type 11)';
  if (!BLOCK_TABLE[int(r.type)]) return 'part type is not 9 (red packet) or 10 (bounty)';
  if (fen(r.amount) <= 0n) return 'amount is not above zero';
  return null;
}

/** The first red packet and bounty of each source thread, keyed `table:thread`, as source ids. */
async function blocksOf(source: Source, threads: number[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (threads.length === 0) return out;
  for (const table of Object.values(BLOCK_TABLE)) {
    const rows = await source.query(
      `SELECT MIN(id) AS id, thread_id FROM \`${table}\` WHERE thread_id IN (?) GROUP BY thread_id`,
      [threads],
    );
    for (const b of rows) out.set(`${table}:${int(b.thread_id)}`, int(b.id));
  }
  return out;
}
