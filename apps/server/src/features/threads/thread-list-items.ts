import type { ThreadItem } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { viewerMarks } from './thread-cards.js';
import type { SharedPage } from './thread-list-cache.js';
import type { ThreadsDeps } from './threads.deps.js';
import { loadThreads } from './threads.loader.js';
import { presentThread, searchHighlight } from './threads.presenter.js';
import type { ThreadRow } from './threads.repository.js';

/** List items for some rows as `actor` sees them, with search highlights when `terms` are given. */
export async function presentList(
  deps: ThreadsDeps,
  actor: Actor,
  rows: ThreadRow[],
  terms: string[] | null,
): Promise<ThreadItem[]> {
  const bundle = await loadThreads(deps, actor, rows);
  return rows.map((r) => {
    const item = presentThread(deps, actor, r, bundle);
    if (!terms) return item;
    return {
      ...item,
      highlight: searchHighlight(r.title, bundle.firstPosts.get(r.id)?.content ?? '', terms),
    };
  });
}

/** Whether a thread looks different to different members of one group beyond their marks. */
function personal(deps: ThreadsDeps, me: number, r: ThreadRow): boolean {
  return r.userId === me || (r.tomTypes ?? []).some((t) => deps.toms.find(t)?.perViewer === true);
}

/**
 * A group's list page made the member's: their likes, favourites and profile pin from one query laid over the
 * group's items; their own threads (own abilities, own anonymity) and blocks that show per viewer (votes)
 * presented for them alone.
 */
export async function personalise(
  deps: ThreadsDeps,
  actor: Actor & { userId: number },
  page: SharedPage,
  terms: string[] | null,
): Promise<ThreadItem[]> {
  const own = page.rows.filter((r) => personal(deps, actor.userId, r));
  const mine = new Map((await presentList(deps, actor, own, terms)).map((i) => [i.threadId, i]));
  const rest = page.items.filter((i) => !mine.has(i.threadId));
  const threadIds = rest.map((i) => i.threadId);
  const marks = rest.length
    ? await deps.lists.viewerMarks(`${actor.userId}|${threadIds.join(',')}`, () =>
        viewerMarks(
          deps.db,
          actor.userId,
          rest.map((i) => i.postId),
          threadIds,
        ),
      )
    : null;
  return page.items.map(
    (i) =>
      mine.get(i.threadId) ?? {
        ...i,
        isLike: marks?.likedPosts.has(i.postId) ?? false,
        isFavorite: marks?.favorited.has(i.threadId) ?? false,
        userStickStatus: marks?.userStick === i.threadId,
      },
  );
}
