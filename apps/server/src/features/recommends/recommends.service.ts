import type { RecommendItem } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { htmlToText } from '../../platform/content/sanitize.js';
import { forbidden } from '../../platform/http/errors.js';
import { listHotRecent, listSiteThreads } from './recommends.repository.js';
import type { RecommendedThread, RecommendsPort } from './threads.port.js';

/** Characters of text that stand in for the title of an untitled thread. */
const TITLE_FROM_TEXT = 40;

/**
 * `thread.recommends` (reference §1.3, §2.3a): threads an administrator recommended to the home page
 * (`is_site`), newest first, topped up with the hottest recent threads when there are fewer than asked for
 * (none at all on a new site). Only published, approved threads in categories the actor may view, inside an
 * experience reader's time window. An actor who may view no category at all gets -4002, as in the original.
 */
export async function recommendThreads(
  deps: RecommendsPort,
  actor: Actor,
  viewer: { categoryIds: number[] },
  limit: number,
  categoryIds: number[] | undefined,
): Promise<RecommendItem[]> {
  const wanted = categoryIds?.length
    ? categoryIds.filter((id) => viewer.categoryIds.includes(id))
    : undefined;
  if (!actor.isAdmin && (!viewer.categoryIds.length || wanted?.length === 0)) throw forbidden();
  const picked = await listSiteThreads(deps.db, deps.columns, deps.visible, limit, wanted);
  const rows: RecommendedThread[] = [...picked];
  if (rows.length < limit) {
    const ids = rows.map((r) => r.id);
    rows.push(
      ...(await listHotRecent(deps.db, deps.columns, deps.visible, limit - rows.length, ids, wanted)),
    );
  }
  const untitled = rows.filter((r) => !r.title).map((r) => r.id);
  const texts = new Map((await deps.firstPosts(deps.db, untitled)).map((p) => [p.threadId, p.content]));
  return rows.map((r) => ({
    threadId: r.id,
    categoryId: r.categoryId,
    title: r.title || htmlToText(deps.sharedText(r, texts.get(r.id) ?? '')).slice(0, TITLE_FROM_TEXT),
    viewCount: r.viewCount,
    isSite: r.isSite,
    displayTag: {
      isPrice: r.price > 0 || r.attachmentPrice > 0,
      isRedPack: false,
      isReward: false,
      isEssence: r.isEssence,
    },
  }));
}
