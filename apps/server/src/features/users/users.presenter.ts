import type { CurrentUser, PublicUser, UserSearchItem } from '@forum/contracts';
import type { GroupRow } from '../groups/index.js';
import type { UserRow } from './users.repository.js';

function groupBrief(g: GroupRow | undefined) {
  return {
    id: g?.id ?? 0,
    name: g?.name ?? '',
    color: g?.color ?? '',
    icon: g?.icon ?? '',
    isDisplay: g?.isDisplay ?? false,
    pid: g?.id ?? 0,
    groupName: g?.name ?? '',
  };
}

/** What others may see of a user. */
export function presentPublicUser(u: UserRow, group: GroupRow | undefined): PublicUser {
  return {
    id: u.id,
    userId: u.id,
    username: u.username,
    nickname: u.nickname,
    avatarUrl: u.avatar,
    avatar: u.avatar,
    backgroundUrl: u.background,
    signature: u.signature,
    group: groupBrief(group),
    isRealName: false,
    questionCount: 0,
    threadCount: u.threadCount,
    followCount: u.followCount,
    fansCount: u.fansCount,
    likedCount: u.likedCount,
    joinedAt: u.joinedAt.toISOString(),
  };
}

/** The owner's view of their account: the public card plus status and mobile, never the password hash. */
export function presentCurrentUser(u: UserRow, group: GroupRow | undefined): CurrentUser {
  return {
    ...presentPublicUser(u, group),
    status: u.status,
    postCount: u.postCount,
    isMissNickname: u.nickname.trim() === '',
    hasPassword: u.passwordHash !== '',
    mobile: u.mobile,
    isBindWechat: (u.bindType & 1) !== 0,
    loginAt: u.loginAt ? u.loginAt.toISOString() : null,
    expiredAt: u.expiredAt ? u.expiredAt.toISOString() : null,
  };
}

/** A user search hit: the public card plus the marked-up names (already HTML-escaped by `highlight`). */
export function presentUserSearchItem(
  u: UserRow,
  group: GroupRow | undefined,
  marked: { nickname: string; username: string } | undefined,
): UserSearchItem {
  return {
    ...presentPublicUser(u, group),
    isFollow: false,
    isMutualFollow: false,
    ...(marked ? { highlight: marked } : {}),
  };
}

/** The viewer's follow state (0 none, 1 following, 2 mutual) and block flag in the original's names. */
export function relationFlags(rel: { follow: 0 | 1 | 2; isDeny: boolean } | null | undefined) {
  return {
    isFollow: (rel?.follow ?? 0) > 0,
    isMutualFollow: rel?.follow === 2,
    isDeny: rel?.isDeny ?? false,
  };
}

/** A user list as the original Discuz! Q clients read it: the group's name beside each user, as its cards show it. */
export function originalUserCards<T>(data: T): T {
  const pageData = (data as { pageData?: unknown[] } | null)?.pageData;
  for (const item of pageData ?? []) {
    const u = item as { group?: { groupName?: string }; groupName?: string };
    u.groupName = u.group?.groupName ?? '';
  }
  return data;
}
