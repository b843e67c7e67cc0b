/**
 * A follow, fan or block list as the original Discuz! Q clients read it (their `/my` lists and the editor's `@`
 * picker): the user under `user` with the original's names, their group under `group`, and the viewer's
 * follow state under `userFollow`. Our flat fields stay beside them.
 */
export function originalFollowEntries<T>(data: T): T {
  const pageData = (data as { pageData?: unknown[] } | null)?.pageData;
  for (const item of pageData ?? []) {
    const u = item as Record<string, unknown>;
    u.user = {
      pid: u.userId,
      userId: u.userId,
      avatar: u.avatar,
      userName: u.username,
      nickName: u.nickname,
      nickname: u.nickname,
    };
    u.userFollow = { isFollow: u.isFollow, isMutual: u.isMutualFollow };
  }
  return data;
}
