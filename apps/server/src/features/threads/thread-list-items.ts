import type { ThreadItem } from '@forum/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import type { Lang } from '../../platform/http/lang.js';
import { viewerMarks } from './thread-cards.js';
import type { SharedPage } from './thread-list-cache.js';
import type { ThreadsDeps } from './threads.deps.js';
import { loadThreads } from './threads.loader.js';
import { isPriced } from './paid.policy.js';
import { presentThread, searchHighlight } from './threads.presenter.js';
import type { ThreadRow } from './threads.repository.js';

/** List items for some rows as `actor` sees them in `lang`, with search highlights when `terms` are given. */
export async function presentList(
  deps: ThreadsDeps,
  actor: Actor,
  rows: ThreadRow[],
  terms: string[] | null,
  lang: Lang,
): Promise<ThreadItem[]> {
  const bundle = await loadThreads(deps, actor, rows);
  return rows.map((r) => {
    const item = presentThread(deps, actor, r, bundle, lang);
    if (!terms) return item;
    return {
      ...item,
      // The item's text, not the stored one: a non-payer's highlight never quotes the paid part.
      highlight: searchHighlight(r.title, item.content.text, terms),
    };
  });
}

/** Whether a thread looks different to different members of one group beyond their marks (bought or not). */
function personal(deps: ThreadsDeps, me: number, r: ThreadRow): boolean {
  if (r.userId === me || isPriced(r)) return true;
  return (r.tomTypes ?? []).some((t) => deps.toms.find(t)?.perViewer === true);
}

/** A group's list page as one member sees it, item by item, as objects or as JSON text. */
export interface Personalised {
  items(): ThreadItem[];
  /** Only the items that look different to this member than to the group (their own, or marked by them). */
  changed(): ThreadItem[];
  /** The items from `start` to `end` as a JSON array, mostly spliced from the group's cached text. */
  json(start: number, end: number): string;
  /**
   * The same array as the group's pieces around this member's marks, each marks hole the same width for every
   * member (a reply is then spliced from the group's compressed template: envelope.ts `SplicedJson`), or null
   * when an item on it is presented for the member alone (their own thread, a paid one, a vote).
   */
  spliced(start: number, end: number): { pieces: string[]; holes: Buffer[] } | null;
}

/**
 * A member's marks closing an item, as fixed-width text: `true` is padded to the width of `false` (JSON allows
 * the space), so every member's hole is as wide as every other's. Eight variants, made once.
 */
const MARK_HOLES = Array.from({ length: 8 }, (_, n) => {
  const b = (bit: number) => ((n >> bit) & 1 ? 'true ' : 'false');
  return Buffer.from(`,"isLike":${b(0)},"isFavorite":${b(1)},"userStickStatus":${b(2)}}`);
});

/** The mark fields a member's copy of a shared item differs in; the cached text leaves them out. */
const MARKS = ['isLike', 'isFavorite', 'userStickStatus'] as const;

/** Each group item as JSON text without its marks and without the closing brace (filled once per page). */
function textsOf(page: SharedPage): string[] {
  page.texts ??= page.items.map((i) => {
    const rest: Record<string, unknown> = { ...i };
    for (const k of MARKS) delete rest[k];
    return JSON.stringify(rest).slice(0, -1);
  });
  return page.texts;
}

/**
 * A group's list page made the member's: their likes, favourites and profile pin from one query laid over the
 * group's items; their own threads (own abilities, own anonymity) and blocks that show per viewer (votes)
 * presented for them alone. As JSON, the shared items are the group's text plus three fields: no
 * serialisation of the whole page per request.
 */
export async function personalise(
  deps: ThreadsDeps,
  actor: Actor & { userId: number },
  page: SharedPage,
  terms: string[] | null,
  lang: Lang,
): Promise<Personalised> {
  // What is the member's own on this page (their threads, per-viewer blocks, their marks) changes only with a
  // write, and every write clears it: a member reading the page again between writes costs no query.
  const key = `${actor.userId}|${lang}|${terms?.join(' ') ?? ''}|${page.items.map((i) => i.threadId).join(',')}`;
  const { mine, marks } = await deps.lists.viewerPart(key, async () => {
    const own = page.rows.filter((r) => personal(deps, actor.userId, r));
    const group = new Map(page.items.map((i) => [i.threadId, i]));
    // Presented for the member, but kept only where it reads differently from the group's copy: a priced
    // thread they have not bought (most of them, on a page of them) is the group's item with their marks.
    const mine = new Map(
      (await presentList(deps, actor, own, terms, lang))
        .filter((i) => JSON.stringify(i) !== JSON.stringify(group.get(i.threadId)))
        .map((i) => [i.threadId, i]),
    );
    const rest = page.items.filter((i) => !mine.has(i.threadId));
    const marks = rest.length
      ? await viewerMarks(
          deps.db,
          actor.userId,
          rest.map((i) => i.postId),
          rest.map((i) => i.threadId),
        )
      : null;
    return { mine, marks };
  });
  const marksOf = (i: ThreadItem) => ({
    isLike: marks?.likedPosts.has(i.postId) ?? false,
    isFavorite: marks?.favorited.has(i.threadId) ?? false,
    userStickStatus: marks?.userStick === i.threadId,
  });
  return {
    items: () => page.items.map((i) => mine.get(i.threadId) ?? { ...i, ...marksOf(i) }),
    changed: () =>
      page.items.flatMap((i) => {
        const own = mine.get(i.threadId);
        if (own) return [own];
        const k = marksOf(i);
        return k.isLike || k.isFavorite || k.userStickStatus ? [{ ...i, ...k }] : [];
      }),
    spliced(start, end) {
      const last = Math.min(end, page.items.length);
      if (page.items.slice(start, last).some((i) => mine.has(i.threadId))) return null;
      const texts = textsOf(page);
      const pieces = ['['];
      const holes: Buffer[] = [];
      for (let n = start; n < last; n++) {
        const k = marksOf(page.items[n]!);
        pieces[pieces.length - 1] += (n > start ? ',' : '') + texts[n];
        holes.push(MARK_HOLES[(k.isLike ? 1 : 0) | (k.isFavorite ? 2 : 0) | (k.userStickStatus ? 4 : 0)]!);
        pieces.push('');
      }
      pieces[pieces.length - 1] += ']';
      return { pieces, holes };
    },
    json(start, end) {
      const texts = textsOf(page);
      const parts: string[] = [];
      for (let n = start; n < Math.min(end, page.items.length); n++) {
        const i = page.items[n]!;
        const m = mine.get(i.threadId);
        if (m) parts.push(JSON.stringify(m));
        else {
          const k = marksOf(i);
          parts.push(
            `${texts[n]},"isLike":${k.isLike},"isFavorite":${k.isFavorite},"userStickStatus":${k.userStickStatus}}`,
          );
        }
      }
      return `[${parts.join(',')}]`;
    },
  };
}
