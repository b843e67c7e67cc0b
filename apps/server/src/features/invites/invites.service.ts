import { randomInt } from 'node:crypto';
import { GroupId, InviteStatus, InviteType, type AdminInviteItem } from '@forum/contracts';
import type { Gate } from '../../platform/access/gate.js';
import type { Actor } from '../../platform/auth/actor.js';
import type { Db, Tx } from '../../platform/db/db.js';
import { invalid, notFound } from '../../platform/http/errors.js';
import { pageReply } from '../../platform/http/page.js';
import { addFollow } from '../follows/index.js';
import { findUserGroup, setUserGroup, type GroupsService } from '../groups/index.js';
import type { SettingsService } from '../settings/index.js';
import { extendPaidUntil, findUserById } from '../users/index.js';
import { fenToYuan } from '../wallet/index.js';
import { presentAdminInvite } from './invites.presenter.js';
import * as repo from './invites.repository.js';

/** An administrator's link works this long (the original's default of a week). */
const ADMIN_LINK_DAYS = 7;
/** A member's link does not lapse. */
const MEMBER_LINK_END = new Date('9999-12-31T00:00:00Z');
/** Groups a link may never lead to: administrators, the unpaid group and guests. */
const NO_INVITE_GROUPS: readonly number[] = [GroupId.ADMIN, GroupId.UNPAID, GroupId.GUEST];
/** The free-experience group's access when the group names no `time_range` (reference §1.10: 3 days). */
const TRIAL_DEFAULT_DAYS = 3;
const CODE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 32 random letters and digits. */
function newCode(): string {
  let s = '';
  for (let i = 0; i < 32; i++) s += CODE_CHARS[randomInt(CODE_CHARS.length)];
  return s;
}

/** Invite links (reference §1.10): administrators' links to a group, members' links with commission terms. */
export class InvitesService {
  constructor(
    private readonly db: Db,
    private readonly gate: Gate,
    private readonly groups: GroupsService,
    private readonly settings: SettingsService,
  ) {}

  private groupName(id: number | null): string {
    return id == null ? '' : (this.groups.group(id)?.name ?? '');
  }

  async adminCreate(actor: Actor, groupId: number): Promise<AdminInviteItem> {
    if (!this.groups.group(groupId)) throw notFound('groupId: no such group');
    if (NO_INVITE_GROUPS.includes(groupId))
      throw invalid('groupId: links cannot lead to this group', { field: 'groupId' });
    const row = await repo.insertInvite(this.db, {
      type: InviteType.ADMIN,
      code: newCode(),
      groupId,
      userId: actor.userId!,
      expiresAt: new Date(Date.now() + ADMIN_LINK_DAYS * 86_400_000),
    });
    return presentAdminInvite(row, this.groupName(groupId));
  }

  async adminList(page: number, perPage: number, status?: number) {
    await repo.expireInvites(this.db, new Date());
    const { rows, total } = await repo.adminInvites(this.db, page, perPage, status);
    return pageReply(
      rows.map((r) => presentAdminInvite(r, this.groupName(r.groupId))),
      page,
      perPage,
      total,
    );
  }

  async adminRevoke(id: number): Promise<AdminInviteItem> {
    const row = await repo.inviteById(this.db, id);
    if (!row || row.type !== InviteType.ADMIN) throw notFound('id: no such invite link');
    if (row.status !== InviteStatus.UNUSED)
      throw invalid('id: only an unused link can be revoked', { field: 'id' });
    const updated = await repo.updateInvite(this.db, id, { status: InviteStatus.INVALID });
    return presentAdminInvite(updated, this.groupName(updated.groupId));
  }

  /** My own invite code (made once, then reused); needs `other.canInviteUserScale`. */
  async memberLink(actor: Actor): Promise<{ code: string }> {
    this.gate.authorize(actor, 'other.canInviteUserScale');
    const userId = actor.userId!;
    const mine = await repo.memberInvite(this.db, userId);
    if (mine) return { code: mine.code };
    const row = await repo.insertInvite(this.db, {
      type: InviteType.MEMBER,
      code: newCode(),
      userId,
      expiresAt: MEMBER_LINK_END,
    });
    return { code: row.code };
  }

  /** What a code offers, for the join and register pages. */
  async resolve(code: string) {
    const row = await repo.inviteByCode(this.db, code);
    if (!row) return { type: 0, valid: false, groupName: '', inviterNickname: '' };
    const inviter = await findUserById(this.db, row.userId);
    return {
      type: row.type,
      valid: this.usable(row, new Date()),
      groupName: this.groupName(row.groupId),
      inviterNickname: row.type === InviteType.MEMBER ? (inviter?.nickname ?? '') : '',
    };
  }

  private usable(row: repo.InviteRow, now: Date): boolean {
    if (row.expiresAt.getTime() <= now.getTime()) return false;
    // Member links and links to the experience group are reusable; other admin links are used once.
    return row.status === InviteStatus.UNUSED || (row.status === InviteStatus.USED && this.reusable(row));
  }

  private reusable(row: repo.InviteRow): boolean {
    return row.type === InviteType.MEMBER || row.groupId === GroupId.TRIAL;
  }

  /**
   * Applies a code to a new account inside its registration transaction (the users feature calls this):
   * an admin link puts them in its group (and in pay mode counts as paid), a member link records the inviter's
   * terms and makes the two follow each other. Answers the new group, or null when it stays the default.
   */
  async applyAtRegistration(tx: Tx, userId: number, code: string): Promise<number | null> {
    const row = await repo.inviteByCode(tx, code.trim(), true);
    if (!row || !this.usable(row, new Date())) {
      throw invalid('code: this invite code is not valid', { field: 'code' });
    }
    if (row.type === InviteType.MEMBER) {
      if (row.userId === userId) return null;
      const inviterGroup = this.groups.group((await findUserGroup(tx, row.userId))?.groupId ?? 0);
      await repo.insertDistribution(tx, {
        userId,
        inviterId: row.userId,
        beScale: inviterGroup?.scale ?? 0,
        isSubordinate: inviterGroup?.isSubordinate ?? false,
        isCommission: inviterGroup?.isCommission ?? false,
      });
      await addFollow(tx, userId, row.userId);
      await addFollow(tx, row.userId, userId);
      return null;
    }
    const groupId = row.groupId!;
    const group = this.groups.group(groupId);
    if (!group) throw invalid('code: the group of this link no longer exists', { field: 'code' });
    // The experience group lasts its `time_range` days; a paid group its `days`; others for good.
    const days =
      groupId === GroupId.TRIAL ? group.timeRange || TRIAL_DEFAULT_DAYS : group.isPaid ? group.days : 0;
    const until = days > 0 ? new Date(Date.now() + days * 86_400_000) : null;
    await setUserGroup(tx, userId, groupId, until);
    // An administrator's invitation stands for the joining fee of a paid site.
    if (this.settings.get('site_mode') === 'pay') await extendPaidUntil(tx, userId, days);
    if (!this.reusable(row)) {
      await repo.updateInvite(tx, row.id, { status: InviteStatus.USED, toUserId: userId });
    }
    return groupId;
  }

  /** `invite.users.list`: my invitees, what each brought me, my scale and totals. */
  async invitees(actor: Actor, page: number, perPage: number) {
    const userId = actor.userId!;
    const { rows, total, earned } = await repo.invitees(this.db, userId, page, perPage);
    const scale = this.groups.group(actor.groupId)?.scale ?? 0;
    const list = rows.map((r) => ({
      userId: r.user_id,
      nickname: r.nickname,
      avatar: r.avatar,
      joinedAt: new Date(r.joined_at).toISOString(),
      earnings: fenToYuan(BigInt(r.earned)),
    }));
    return {
      ...pageReply(list, page, perPage, total),
      scale,
      totalEarnings: fenToYuan(earned),
      totalInvitees: total,
    };
  }
}
