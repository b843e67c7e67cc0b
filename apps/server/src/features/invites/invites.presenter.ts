import { InviteStatus, type AdminInviteItem } from '@forum/contracts';
import type { InviteRow } from './invites.repository.js';

/** An administrator's link as the admin list shows it; an unused link past its time reads as expired. */
export function presentAdminInvite(r: InviteRow, groupName: string): AdminInviteItem {
  const lapsed = r.status === InviteStatus.UNUSED && r.expiresAt.getTime() <= Date.now();
  return {
    id: r.id,
    code: r.code,
    groupId: r.groupId ?? 0,
    groupName,
    status: lapsed ? InviteStatus.EXPIRED : r.status,
    toUserId: r.toUserId,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
  };
}
