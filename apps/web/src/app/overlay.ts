import { createContext, useContext, useMemo } from 'react';
import { useLoaderData } from 'react-router';
import type { PostItem, ThreadItem, ViewerOverlayData } from '@forum/contracts';

/**
 * The inline overlay element's id: the same string as the contracts' OVERLAY_ELEMENT_ID, written here because a
 * value import from '@forum/contracts' puts zod into the first load (the bundle-size check fails on that).
 */
const OVERLAY_ELEMENT_ID = 'forum-overlay';

/** Most ids one overlay asks about (the contract's limit). */
const MAX_IDS = 50;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null;
/** A thread as presented to a viewer (it carries the viewer's like and ability flags). */
const isThread = (v: Obj) => typeof v.threadId === 'number' && 'isLike' in v && 'ability' in v;
/** A reply as presented to a viewer; first posts travel inside their thread. */
const isReply = (v: Obj) =>
  typeof v.id === 'number' && 'isLiked' in v && 'ability' in v && v.isFirst !== true;

/**
 * Ids of the threads and replies in a page's data: the page's personal half is asked for exactly these. A found
 * item is not searched further (a reply's comments come with it).
 */
export function overlayIds(data: unknown): { threadIds: number[]; postIds: number[] } {
  const threads = new Set<number>();
  const posts = new Set<number>();
  const walk = (v: unknown, depth: number) => {
    if (!isObj(v) || depth > 8) return;
    if (isThread(v)) threads.add(v.threadId as number);
    else if (isReply(v)) posts.add(v.id as number);
    else for (const x of Array.isArray(v) ? v : Object.values(v)) walk(x, depth + 1);
  };
  walk(data, 0);
  return { threadIds: [...threads].slice(0, MAX_IDS), postIds: [...posts].slice(0, MAX_IDS) };
}

/** The overlay address for a page: the header user always, plus the threads and replies its data lists. */
export function overlayUrl(data: unknown): string {
  const { threadIds, postIds } = overlayIds(data);
  const q = [
    threadIds.length ? `threadIds=${threadIds.join(',')}` : '',
    postIds.length ? `postIds=${postIds.join(',')}` : '',
  ].filter(Boolean);
  return `/api/v3/viewer.overlay${q.length ? `?${q.join('&')}` : ''}`;
}

/** Page data with the viewer's own threads and replies in place of the group's. */
export function applyOverlay<T>(data: T, overlay: ViewerOverlayData): T {
  const threads = new Map<number, ThreadItem>(overlay.threads.map((t) => [t.threadId, t]));
  const posts = new Map<number, PostItem>(overlay.posts.map((p) => [p.id, p]));
  const walk = (v: unknown, depth: number): unknown => {
    if (!isObj(v) || depth > 8) return v;
    if (isThread(v)) return threads.get(v.threadId as number) ?? v;
    if (isReply(v)) return posts.get(v.id as number) ?? v;
    if (Array.isArray(v)) return v.map((x) => walk(x, depth + 1));
    const out: Obj = {};
    for (const [k, x] of Object.entries(v)) out[k] = walk(x, depth + 1);
    return out;
  };
  return walk(data, 0) as T;
}

/** The overlay as the root layout holds it, and the first page's data it applies to. */
export interface OverlayState {
  overlay: ViewerOverlayData | null;
  /** Loader data of the server-rendered page; data loaded later in the browser is already the viewer's own. */
  initial: WeakSet<object>;
}

/** Provided by the root layout. */
export const OverlayContext = createContext<OverlayState>({ overlay: null, initial: new WeakSet() });

/** `useLoaderData()` as the viewer sees it: a group-shared page's data with their overlay laid over it. */
export function useViewerData<T>(): T {
  const data = useLoaderData() as T;
  const { overlay, initial } = useContext(OverlayContext);
  return useMemo(
    () => (overlay && isObj(data) && initial.has(data) ? applyOverlay(data, overlay) : data),
    [data, overlay, initial],
  );
}

/**
 * A group-shared page's overlay: the data block the server put at the page's end for this member (one request
 * for the whole view), else asked for at the address the page names (`data-overlay`).
 */
export function pageOverlay(): Promise<{ Code: number; Data?: ViewerOverlayData } | null> {
  const block = document.getElementById(OVERLAY_ELEMENT_ID)?.textContent;
  if (block) {
    try {
      return Promise.resolve(JSON.parse(block) as { Code: number; Data?: ViewerOverlayData });
    } catch {
      // A broken block: ask for it instead.
    }
  }
  const url = document.documentElement.dataset.overlay;
  if (!url) return Promise.resolve(null);
  return fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then((r) => r.json() as Promise<{ Code: number; Data?: ViewerOverlayData }>)
    .catch(() => null);
}
