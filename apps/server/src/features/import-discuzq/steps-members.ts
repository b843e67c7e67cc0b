import { CashStatus, InviteType, ReportType } from '@forum/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../platform/db/db.js';
import { walletCash } from '../cash/cash.table.js';
import { invites, userDistributions } from '../invites/invites.table.js';
import { wechatUsers } from '../oauth/oauth.table.js';
import { groupPaidUsers } from '../paid-site/paid-site.table.js';
import { reports } from '../reports/reports.table.js';
import { entityStep } from './link-step.js';
import { allocIds, bool, date, fen, int, str, type Step } from './runner.js';

/** Which of these values a unique text column here already holds. */
async function takenHere(tx: Tx, table: string, column: string, values: string[]): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const rows = await rowsOf<{ v: string }>(
    tx,
    sql`SELECT ${sql.identifier(column)} AS v FROM ${sql.identifier(table)}
        WHERE ${sql.identifier(column)} = ANY(${sql.param(values)}::text[])`,
  );
  return new Set(rows.map((r) => r.v.trim()));
}

/**
 * Withdrawals (`user_wallet_cash`) as records: their money is in the wallet logs (the freeze at the request,
 * the payout or the release), so nothing moves now. A request still pending keeps its status and its amount
 * stays frozen, so an administrator finishes its review here as the original would have; one approved but
 * not paid out (2) waits for payout (4), the one state our review pays out from.
 */
export const cashStep: Step = {
  table: 'user_wallet_cash',
  needs: ['users'],
  async write({ tx, maps, skip, note }, rows) {
    const taken = await takenHere(
      tx,
      'wallet_cash',
      'cash_sn',
      rows.map((r) => str(r.cash_sn)),
    );
    const ok = rows.filter((r) => {
      const status = int(r.cash_status);
      if (!maps.get('users', r.user_id)) skip('member not imported');
      else if (fen(r.cash_apply_amount) <= 0n) skip('no amount applied for');
      else if (status < 1 || status > 6) skip('unknown status');
      else if (!str(r.cash_sn) || taken.has(str(r.cash_sn))) skip('withdrawal number missing or taken here');
      else return true;
      return false;
    });
    const ids = await allocIds(tx, 'wallet_cash', ok.length);
    if (ok.length === 0) return [];
    await tx.insert(walletCash).values(
      ok.map((r, i) => {
        const apply = fen(r.cash_apply_amount);
        const charge = fen(r.cash_charge);
        const fee = charge < 0n ? 0n : charge > apply ? apply : charge;
        let status = int(r.cash_status);
        if (status === CashStatus.APPROVED) {
          status = CashStatus.AWAITING_PAYOUT;
          note('approved, not paid out: awaiting payout here');
        }
        const updated = date(r.updated_at) ?? date(r.created_at) ?? new Date();
        const done = status === CashStatus.PAID || status === CashStatus.FAILED;
        return {
          id: ids[i]!,
          cashSn: str(r.cash_sn),
          userId: maps.get('users', r.user_id),
          applyFen: apply,
          feeFen: fee,
          actualFen: apply - fee,
          receiveAccount: str(r.receive_account) || str(r.cash_mobile),
          status,
          remark: str(r.remark) || str(r.error_message),
          idempotencyKey: `dzq:cash:${int(r.id)}`,
          createdAt: date(r.created_at) ?? new Date(),
          updatedAt: updated,
          // Finance statistics count paid withdrawals on the day they were paid.
          tradeTime: done ? (date(r.trade_time) ?? updated) : date(r.trade_time),
        };
      }),
    );
    return ok.map((r, i) => [int(r.id), ids[i]!]);
  },
};

/** A member's own link does not lapse (as ours: `MEMBER_LINK_END` of the invites feature). */
const NEVER = new Date('9999-12-31T00:00:00Z');

/** The original's invite times are Unix seconds (0 for none). */
const unixDate = (v: unknown): Date | null => (int(v) > 0 ? new Date(int(v) * 1000) : null);

/**
 * Invite links (`invites`): administrators' links to a group (their group renamed to ours) and members' own
 * links; codes keep working here. Who used a reusable link (`invite_users`) is not recorded here.
 */
export const invitesStep: Step = {
  table: 'invites',
  needs: ['users', 'groups'],
  async write({ tx, maps, skip }, rows) {
    const taken = await takenHere(
      tx,
      'invites',
      'code',
      rows.map((r) => str(r.code)),
    );
    const ok = rows.filter((r) => {
      const admin = int(r.type) === InviteType.ADMIN;
      if (!maps.get('users', r.user_id)) skip('inviter not imported');
      else if (admin && !maps.get('groups', r.group_id)) skip('group not imported');
      else if (!/^[A-Za-z0-9]{32}$/.test(str(r.code))) skip('code is not 32 letters and digits');
      else if (taken.has(str(r.code))) skip('code taken here');
      else return true;
      return false;
    });
    const ids = await allocIds(tx, 'invites', ok.length);
    if (ok.length === 0) return [];
    await tx.insert(invites).values(
      ok.map((r, i) => {
        const admin = int(r.type) === InviteType.ADMIN;
        const created = unixDate(r.dateline) ?? date(r.created_at) ?? new Date();
        return {
          id: ids[i]!,
          type: admin ? InviteType.ADMIN : InviteType.MEMBER,
          code: str(r.code),
          groupId: maps.get('groups', r.group_id) || null,
          userId: maps.get('users', r.user_id),
          toUserId: maps.get('users', r.to_user_id) || null,
          status: int(r.status),
          expiresAt: unixDate(r.endtime) ?? (admin ? created : NEVER),
          createdAt: created,
        };
      }),
    );
    return ok.map((r, i) => [int(r.id), ids[i]!]);
  },
};

/** Who invited whom (`user_distributions`), with the inviter's commission terms as they were. */
export const distributionsStep = entityStep({
  table: 'user_distributions',
  needs: ['users'],
  required: [
    ['user_id', 'users', 'member not imported'],
    ['pid', 'users', 'inviter not imported'],
  ],
  into: 'user_distributions',
  insert: (tx, items, maps) =>
    tx
      .insert(userDistributions)
      .values(
        items.map(({ r, id }) => ({
          id,
          userId: maps.get('users', r.user_id),
          inviterId: maps.get('users', r.pid),
          beScale: Math.min(10, Math.max(0, Math.round(Number(r.be_scale ?? 0)))),
          isSubordinate: bool(r.is_subordinate),
          isCommission: bool(r.is_commission),
          createdAt: date(r.created_at) ?? new Date(),
        })),
      )
      .onConflictDoNothing(),
});

/** Paid-group history (`group_paid_users`): each purchase or renewal, how it ended, its order. */
export const groupPaidUsersStep = entityStep({
  table: 'group_paid_users',
  needs: ['users', 'groups', 'orders'],
  required: [
    ['user_id', 'users', 'member not imported'],
    ['group_id', 'groups', 'group not imported'],
  ],
  into: 'group_paid_users',
  insert: (tx, items, maps) =>
    tx.insert(groupPaidUsers).values(
      items.map(({ r, id }) => ({
        id,
        userId: maps.get('users', r.user_id),
        groupId: maps.get('groups', r.group_id),
        orderId: maps.get('orders', r.order_id) || null,
        operatorId: maps.get('users', r.operator_id) || null,
        expiresAt: date(r.expiration_time) ?? date(r.created_at) ?? new Date(),
        deleteType: r.delete_type === null || r.delete_type === undefined ? null : int(r.delete_type),
        createdAt: date(r.created_at) ?? new Date(),
        deletedAt: date(r.deleted_at),
      })),
    ),
});

/**
 * Reports (`reports`): the original's `user_id` is the reporter; the reported member is the thread's or the
 * reply's author here (the original does not store whose profile a profile report is about: 0).
 */
export const reportsStep = entityStep({
  table: 'reports',
  needs: ['users', 'threads', 'posts'],
  required: [['user_id', 'users', 'reporter not imported']],
  reject: (r, maps) => {
    if (int(r.type) === ReportType.THREAD && !maps.get('threads', r.thread_id)) return 'thread not imported';
    if (int(r.type) === ReportType.POST && !maps.get('posts', r.post_id)) return 'reply not imported';
    return null;
  },
  into: 'reports',
  async insert(tx, items, maps) {
    const authors = await rowsOf<{ k: string; id: number; user_id: number }>(
      tx,
      sql`SELECT 't' AS k, id, user_id FROM threads
            WHERE id = ANY(${sql.param(items.map(({ r }) => maps.get('threads', r.thread_id)))}::int[])
          UNION ALL SELECT 'p', id, user_id FROM posts
            WHERE id = ANY(${sql.param(items.map(({ r }) => maps.get('posts', r.post_id)))}::int[])`,
    );
    const author = new Map(authors.map((a) => [`${a.k}${a.id}`, a.user_id]));
    return tx.insert(reports).values(
      items.map(({ r, id }) => {
        const type = int(r.type);
        const threadId = maps.get('threads', r.thread_id);
        const postId = type === ReportType.POST ? maps.get('posts', r.post_id) : 0;
        return {
          id,
          userId: maps.get('users', r.user_id),
          reportedUserId:
            type === ReportType.POST
              ? (author.get(`p${postId}`) ?? 0)
              : type === ReportType.THREAD
                ? (author.get(`t${threadId}`) ?? 0)
                : 0,
          threadId,
          postId,
          type,
          reason: str(r.reason).slice(0, 200),
          status: int(r.status) ? 1 : 0,
          createdAt: date(r.created_at) ?? new Date(),
          updatedAt: date(r.updated_at) ?? date(r.created_at) ?? new Date(),
        };
      }),
    );
  },
});

/**
 * WeChat identities (`user_wechats`): ours binds a WeChat user by the official account's openid, so a row
 * with only a mini-program or open-platform openid cannot log in here and stays out; the member binds again.
 */
export const wechatStep: Step = {
  table: 'user_wechats',
  needs: ['users'],
  async write({ tx, maps, skip }, rows) {
    const openids = await takenHere(
      tx,
      'wechat_users',
      'mp_openid',
      rows.map((r) => str(r.mp_openid)),
    );
    const bound = new Set(
      (
        await rowsOf<{ u: number }>(
          tx,
          sql`SELECT user_id AS u FROM wechat_users
              WHERE user_id = ANY(${sql.param(rows.map((r) => maps.get('users', r.user_id)))}::int[])`,
        )
      ).map((b) => b.u),
    );
    const ok = rows.filter((r) => {
      const userId = maps.get('users', r.user_id);
      if (!str(r.mp_openid)) skip('no official-account openid (mini-program or open platform only)');
      else if (int(r.user_id) && !userId) skip('member not imported');
      else if (openids.has(str(r.mp_openid)) || (userId && bound.has(userId)))
        skip('WeChat or member already bound here');
      else {
        openids.add(str(r.mp_openid));
        if (userId) bound.add(userId);
        return true;
      }
      return false;
    });
    const ids = await allocIds(tx, 'wechat_users', ok.length);
    if (ok.length === 0) return [];
    await tx.insert(wechatUsers).values(
      ok.map((r, i) => ({
        id: ids[i]!,
        userId: maps.get('users', r.user_id) || null,
        mpOpenid: str(r.mp_openid).slice(0, 128),
        unionid: str(r.unionid).slice(0, 128),
        nickname: str(r.nickname).slice(0, 100),
        avatar: str(r.headimgurl).slice(0, 500),
        createdAt: date(r.created_at) ?? new Date(),
        updatedAt: date(r.updated_at) ?? new Date(),
      })),
    );
    return ok.map((r, i) => [int(r.id), ids[i]!]);
  },
};
