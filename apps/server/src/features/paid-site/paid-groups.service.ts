import { GroupId, OrderType, PaidGroupEnd, UpgradeButton, type UpgradeGroupItem } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import type { Db, Tx } from '../../platform/db/db.js';
import { inTransaction } from '../../platform/db/tx.js';
import { forbidden, invalid, notFound } from '../../platform/http/errors.js';
import { findUserGroup, setUserGroup, type GroupRow, type GroupsService } from '../groups/index.js';
import type { Notice, Notify } from '../notifications/index.js';
import type { OrderKind } from '../orders/index.js';
import type { SettingsService } from '../settings/index.js';
import { fenToYuan } from '../wallet/index.js';
import { membershipNotice } from './membership-notices.js';
import * as repo from './paid-groups.repository.js';

/** What a purchase did: the group's new end, and whether it was the same group bought again. */
interface Granted {
  until: Date;
  renewed: boolean;
}

/** A running membership: the group and when it ends (null: no end). */
type Membership = { groupId: number; expiresAt: Date | null } | null;

/**
 * Paid groups (reference §1.10): buying (order type 4) puts a member in a group for its days; the same group
 * again adds days; a higher level replaces the current paid group, whose unused days wait in a queue and come
 * back when the higher one lapses; a lapsed group falls back to the queue or the default group (a job).
 */
export class PaidGroupsService {
  constructor(
    private readonly db: Db,
    private readonly groups: GroupsService,
    private readonly settings: SettingsService,
    /** Drops cached sessions after a group changed: the member's, or everyone's without a member. */
    private readonly changed: (userId?: number) => Promise<void>,
    /** Tells members their group changed (bought, renewed, lapsed), after the commit. */
    private readonly notify: Notify = async () => {},
  ) {}

  /** Whether group purchase is on (`site_pay_group_close` 1 opens it, as the original). */
  open(): boolean {
    return this.settings.bool('site_pay_group_close');
  }

  /** The paid groups by level. */
  paidGroups(): GroupRow[] {
    return this.groups
      .all()
      .filter((g) => g.isPaid && g.fee > 0 && g.days > 0)
      .sort((a, b) => a.level - b.level);
  }

  /** What a member may do with a paid group: renew the one they are in, buy a higher one, or nothing. */
  private button(target: GroupRow, current: Membership, isAdmin: boolean): number {
    if (isAdmin) return UpgradeButton.NONE;
    if (current?.groupId === target.id) return UpgradeButton.RENEW;
    const now = this.groups.group(current?.groupId ?? 0);
    if (now?.isPaid && now.level >= target.level) return UpgradeButton.NONE;
    return UpgradeButton.UPGRADE;
  }

  private async membership(db: Db | Tx, userId: number): Promise<Membership> {
    const m = await findUserGroup(db, userId);
    if (!m || (m.expiresAt && m.expiresAt.getTime() <= Date.now())) return null;
    return m;
  }

  /** `upgrade.group`: the paid groups with my button on each. */
  async list(actor: Actor) {
    const current = await this.membership(this.db, actor.userId!);
    const now = new Date();
    const list: UpgradeGroupItem[] = this.paidGroups().map((g) => {
      const isMine = current?.groupId === g.id;
      return {
        groupId: g.id,
        name: g.name,
        description: g.description,
        notice: g.notice,
        color: g.color,
        icon: g.icon,
        isPaid: true,
        level: g.level,
        fee: fenToYuan(BigInt(g.fee)),
        days: g.days,
        button: this.open() ? this.button(g, current, actor.isAdmin) : UpgradeButton.NONE,
        isMine,
        remainDays: isMine ? repo.daysLeft(current!.expiresAt, now) : 0,
        expiresAt: isMine ? (current!.expiresAt?.toISOString() ?? null) : null,
      };
    });
    return list;
  }

  /** Order type 4: the fee of a paid group the member may buy, renew or upgrade to; all of it to the site. */
  kind(): OrderKind {
    return {
      type: OrderType.GROUP,
      prepare: async ({ tx, actor }, input) => {
        if (!this.open()) throw forbidden('group purchase is switched off');
        if (actor.groupId === GroupId.UNPAID) throw forbidden('join the site first');
        if (input.groupId === undefined) throw invalid('groupId is required', { field: 'groupId' });
        const target = this.groups.group(input.groupId);
        if (!target || !this.paidGroups().some((g) => g.id === target.id)) {
          throw notFound('groupId: no such paid group');
        }
        const current = await this.membership(tx, actor.userId!);
        if (this.button(target, current, actor.isAdmin) === UpgradeButton.NONE) {
          throw invalid('groupId: you are already in this or a higher group', { field: 'groupId' });
        }
        return { amountFen: BigInt(target.fee), groupId: target.id, title: target.name };
      },
      credits: async (_ctx, order) => [{ account: { kind: 'site_revenue' }, amount: order.amountFen }],
      fulfil: ({ tx }, order) => this.grant(tx, order.userId, order.groupId!, order.id),
      // Cached sessions still hold the old group: dropped once the purchase is committed; then the member is told.
      // The payer's cached sessions still hold the old group: dropped once the purchase is committed.
      afterPaid: async (order, { fulfilled }) => {
        await this.changed(order.userId);
        const { until, renewed } = fulfilled as Granted;
        const name = this.groups.group(order.groupId!)?.name ?? '';
        await this.notify([
          membershipNotice(order, renewed ? 'group.renewed' : 'group.upgraded', until, name),
        ]);
      },
    };
  }

  /** Puts a member in a paid group after a purchase: renew adds days, an upgrade queues the old group's days. */
  async grant(tx: Tx, userId: number, groupId: number, orderId: number | null): Promise<Granted> {
    const target = this.groups.group(groupId);
    if (!target) throw notFound('groupId: no such group');
    const now = new Date();
    const row = await repo.lockMembership(tx, userId);
    const running = row && (!row.expiresAt || row.expiresAt.getTime() > now.getTime()) ? row : null;
    let until: Date;
    if (running?.groupId === groupId) {
      until = repo.plusDays(running.expiresAt ?? now, target.days);
      await repo.closeHistory(tx, userId, groupId, PaidGroupEnd.REBUY);
    } else {
      const old = this.groups.group(running?.groupId ?? 0);
      if (running && old?.isPaid && running.expiresAt) {
        await repo.queueRemainDays(tx, userId, old.id, repo.daysLeft(running.expiresAt, now));
        await repo.closeHistory(tx, userId, old.id, PaidGroupEnd.REBUY);
      }
      until = repo.plusDays(now, target.days);
    }
    await setUserGroup(tx, userId, groupId, until);
    await repo.addHistory(tx, { userId, groupId, orderId, expiresAt: until });
    return { until, renewed: running?.groupId === groupId };
  }

  /**
   * The expiry job: members whose group lapsed go back to the group whose days an upgrade queued, else to
   * the default group. Answers how many moved.
   */
  async expireDue(now = new Date()): Promise<number> {
    let moved = 0;
    const notices: Notice[] = [];
    for (;;) {
      const batch = await repo.lapsedMembers(this.db, now, 100);
      for (const { userId } of batch) {
        const lapsed = await inTransaction(this.db, async (tx) => {
          const row = await repo.lockMembership(tx, userId);
          if (!row?.expiresAt || row.expiresAt.getTime() > now.getTime()) return null;
          await repo.closeHistory(tx, userId, row.groupId, PaidGroupEnd.EXPIRED);
          const queued = await repo.popRemainDays(tx, userId);
          const back = queued && this.groups.group(queued.groupId)?.isPaid ? queued : null;
          if (back && back.remainDays > 0) {
            const until = repo.plusDays(now, back.remainDays);
            await setUserGroup(tx, userId, back.groupId, until);
            await repo.addHistory(tx, { userId, groupId: back.groupId, orderId: null, expiresAt: until });
            return { from: row.groupId, to: back.groupId };
          }
          await setUserGroup(tx, userId, this.groups.defaultGroupId(), null);
          return { from: row.groupId, to: this.groups.defaultGroupId() };
        });
        moved++;
        if (lapsed) notices.push(this.lapseNotice(userId, lapsed.from, lapsed.to));
      }
      if (batch.length < 100) break;
    }
    if (moved) await this.changed();
    await this.notify(notices);
    return moved;
  }

  /** A member's group lapsed and they are now in another (the queued one, or the default group). */
  private lapseNotice(userId: number, from: number, to: number): Notice {
    return {
      event: 'group.expired',
      userId,
      senderId: null,
      vars: {
        groupName: this.groups.group(from)?.name ?? '',
        newGroupName: this.groups.group(to)?.name ?? '',
      },
    };
  }
}
