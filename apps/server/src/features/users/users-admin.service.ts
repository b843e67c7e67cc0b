import { UserStatus, type AdminUser } from '@forum/contracts';
import type { Db } from '../../platform/db/db.js';
import { inTransaction } from '../../platform/db/tx.js';
import { invalid, notFound } from '../../platform/http/errors.js';
import { findUserGroup, setUserGroup, type GroupsService } from '../groups/index.js';
import { searchUsers, type AdminUserQuery } from './users-admin.repository.js';
import { findUserById, updateUser, type UserRow } from './users.repository.js';
import type { UsersService } from './users.service.js';
import { pageReply } from '../../platform/http/page.js';

/** What a user change tells them (the notifications feature's notice, kept structural: no import cycle). */
export interface AccountNotice {
  event: 'user.banned' | 'user.unbanned' | 'user.role' | 'registration.approved' | 'registration.rejected';
  userId: number;
  senderId: null;
  vars?: Record<string, string>;
}

/** Fields a CSV row carries, in order. */
const CSV_COLUMNS = [
  'id',
  'username',
  'nickname',
  'mobile',
  'status',
  'groupName',
  'threadCount',
  'postCount',
  'joinedAt',
  'loginAt',
] as const;

/** One CSV cell: quoted, quotes doubled; a leading = + - @ is defused so a spreadsheet never runs it. */
function cell(v: unknown): string {
  let s = v === null || v === undefined ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}

/**
 * Users for administrators (issue 10 §3). Status and group changes drop the user's cached sessions on every
 * instance (a ban takes effect on the next request) and tell the user.
 */
export class UsersAdmin {
  notify: (notices: AccountNotice[]) => Promise<void> = async () => {};
  /** Called after a registration decision (the sign-in fields feature marks the answers). */
  examined: (userId: number, status: number, reason: string) => Promise<void> = async () => {};

  constructor(
    private readonly db: Db,
    private readonly users: UsersService,
    private readonly groups: GroupsService,
  ) {}

  present(u: UserRow, groupId: number | null): AdminUser {
    const gid = groupId ?? this.groups.defaultGroupId();
    return {
      id: u.id,
      username: u.username,
      nickname: u.nickname,
      mobile: u.mobile,
      avatarUrl: u.avatar,
      signature: u.signature,
      status: u.status,
      reason: u.status === UserStatus.BANNED ? u.banReason : u.rejectReason,
      groupId: gid,
      groupName: this.groups.group(gid)?.name ?? '',
      threadCount: u.threadCount,
      postCount: u.postCount,
      joinedAt: u.joinedAt.toISOString(),
      loginAt: u.loginAt ? u.loginAt.toISOString() : null,
    };
  }

  async list(q: AdminUserQuery, page: number, perPage: number) {
    const { rows, total } = await searchUsers(this.db, q, perPage, (page - 1) * perPage);
    return pageReply(
      rows.map((r) => this.present(r.user, r.groupId)),
      page,
      perPage,
      total,
    );
  }

  async detail(userId: number): Promise<AdminUser> {
    const u = await findUserById(this.db, userId);
    if (!u) throw notFound('userId: no such user');
    return this.present(u, (await findUserGroup(this.db, userId))?.groupId ?? null);
  }

  /** Moves a user to a group and/or bans or unbans them (the first administrator cannot be banned by anyone). */
  async update(actorId: number, input: { userId: number; groupId?: number; status?: 0 | 1; reason: string }) {
    const u = await findUserById(this.db, input.userId);
    if (!u) throw notFound('userId: no such user');
    if (input.userId === actorId && (input.status === 1 || input.groupId !== undefined)) {
      throw invalid('userId: administrators cannot ban or move themselves');
    }
    if (input.groupId !== undefined && !this.groups.group(input.groupId))
      throw notFound('groupId: no such group');
    const notices: AccountNotice[] = [];
    await inTransaction(this.db, async (tx) => {
      if (input.groupId !== undefined) {
        await setUserGroup(tx, input.userId, input.groupId, null);
        notices.push({
          event: 'user.role',
          userId: u.id,
          senderId: null,
          vars: { groupName: this.groups.group(input.groupId)!.name },
        });
      }
      if (input.status === 1 && u.status !== UserStatus.BANNED) {
        await updateUser(tx, u.id, { status: UserStatus.BANNED, banReason: input.reason });
        notices.push({
          event: 'user.banned',
          userId: u.id,
          senderId: null,
          vars: { reason: input.reason || '-' },
        });
      } else if (input.status === 0 && u.status === UserStatus.BANNED) {
        await updateUser(tx, u.id, { status: UserStatus.NORMAL, banReason: '' });
        notices.push({ event: 'user.unbanned', userId: u.id, senderId: null });
      }
    });
    await this.changed(u.id);
    await this.notify(notices);
    return this.detail(u.id);
  }

  /** Decides on pending (or "fill the fields") registrations: approve, reject with a reason, or ignore. */
  async examine(items: Array<{ id: number; status: 0 | 3 | 4; rejectReason: string }>) {
    const done: number[] = [];
    const notices: AccountNotice[] = [];
    for (const it of items) {
      const u = await findUserById(this.db, it.id);
      if (
        !u ||
        (u.status !== UserStatus.PENDING &&
          u.status !== UserStatus.NEEDS_FIELDS &&
          u.status !== UserStatus.REJECTED)
      )
        continue;
      await updateUser(this.db, u.id, {
        status: it.status,
        rejectReason: it.status === 3 ? it.rejectReason : '',
      });
      await this.examined(u.id, it.status, it.rejectReason);
      done.push(u.id);
      if (it.status === 0) notices.push({ event: 'registration.approved', userId: u.id, senderId: null });
      if (it.status === 3)
        notices.push({
          event: 'registration.rejected',
          userId: u.id,
          senderId: null,
          vars: { reason: it.rejectReason || '-' },
        });
    }
    if (done.length) await this.users.sessionsChanged();
    await this.notify(notices);
    return done;
  }

  async removeAvatar(userId: number): Promise<AdminUser> {
    if (!(await updateUser(this.db, userId, { avatar: '' }))) throw notFound('userId: no such user');
    this.users.forgetCurrent(userId);
    return this.detail(userId);
  }

  /** The search as CSV text (every match, up to 100,000 rows). */
  async csv(q: AdminUserQuery): Promise<string> {
    const { rows } = await searchUsers(this.db, q, 100_000, 0);
    const lines = [CSV_COLUMNS.join(',')];
    for (const r of rows) {
      const u = this.present(r.user, r.groupId);
      lines.push(CSV_COLUMNS.map((c) => cell(u[c])).join(','));
    }
    return '\uFEFF' + lines.join('\r\n') + '\r\n';
  }

  private async changed(userId: number): Promise<void> {
    this.users.forgetCurrent(userId);
    await this.users.sessionsChanged(userId);
  }
}
