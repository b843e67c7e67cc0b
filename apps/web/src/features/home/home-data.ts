import type { LoaderFunctionArgs } from 'react-router';
import type { CategoryNode, Page, RecommendItem, ThreadItem, ThreadListFilter } from '@forum/contracts';
import { apiFrom } from '../../app/api.ts';

/** The home tabs (reference §1.3 `thread_tab`: 1 all, 2 recommended, 3 essence, 4 followed). */
export const HOME_TABS = ['all', 'recommended', 'essence', 'following'] as const;
/** One home tab. */
export type HomeTab = (typeof HOME_TABS)[number];
/** Threads per page on home. */
export const HOME_PER_PAGE = 10;
/** Recommended threads in the right column. */
export const HOME_RECOMMENDS = 5;

/** A pinned thread as the home region shows it. */
export interface PinnedItem {
  threadId: number;
  title: string;
  summary: string;
}

/** What the home page renders. */
export interface HomeData {
  tab: HomeTab;
  categoryId: number;
  page: number;
  threads: Page<ThreadItem>;
  pinned: PinnedItem[];
  categories: CategoryNode[];
  /** `thread.recommends`: the administrator's picks, then the hottest recent threads. */
  recommended: RecommendItem[];
}

const EMPTY: Page<ThreadItem> = {
  pageData: [],
  currentPage: 1,
  perPage: HOME_PER_PAGE,
  totalCount: 0,
  totalPage: 0,
};

/** The tab in the address, else the site's default tab (`thread_tab`, 0 meaning "all"). */
export function tabFrom(value: string | null, threadTab: number): HomeTab {
  if (value && (HOME_TABS as readonly string[]).includes(value)) return value as HomeTab;
  return HOME_TABS[threadTab - 1] ?? 'all';
}

/** `thread.list` query for a tab and category. */
export function listQuery(tab: HomeTab, categoryId: number, page: number) {
  const filter: ThreadListFilter = { sort: 1 };
  if (categoryId > 0) filter.categoryids = [categoryId];
  if (tab === 'essence') filter.essence = true;
  if (tab === 'following') filter.attention = true;
  return { page, perPage: HOME_PER_PAGE, filter, scope: tab === 'recommended' ? 1 : 0 };
}

/** Loads a page of threads in the browser (infinite scroll, load more); zod arrives with the contracts chunk. */
export async function fetchThreads(
  tab: HomeTab,
  categoryId: number,
  page: number,
): Promise<Page<ThreadItem> | null> {
  const [api, { threadList }] = await Promise.all([apiFrom(undefined), import('@forum/contracts')]);
  const res = await api.call(threadList, listQuery(tab, categoryId, page));
  return res.Code === 0 && res.Data ? res.Data : null;
}

/** `/` loader: the list for the tab and category in the address, pinned threads, categories, recommendations. */
export async function homeLoader({ context, request }: LoaderFunctionArgs): Promise<HomeData> {
  const url = new URL(request.url);
  const [api, c] = await Promise.all([apiFrom(context), import('@forum/contracts')]);
  const signal = request.signal;
  const forum = await api.call(c.forum, {}, { signal });
  const threadTab = forum.Data?.setSite.threadTab ?? 0;
  let tab = tabFrom(url.searchParams.get('tab'), threadTab);
  if (tab === 'following' && !forum.Data?.user) tab = 'all';
  const categoryId = Math.max(0, Number(url.searchParams.get('categoryId')) || 0);
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
  if (!forum.Data?.installed) {
    return { tab, categoryId, page, threads: EMPTY, pinned: [], categories: [], recommended: [] };
  }
  const [threads, stick, categories, recommended] = await Promise.all([
    api.call(c.threadList, listQuery(tab, categoryId, page), { signal }),
    api.call(c.threadStick, categoryId ? { categoryIds: [categoryId] } : {}, { signal }),
    api.call(c.categoriesList, {}, { signal }),
    api.call(c.threadRecommends, { perPage: HOME_RECOMMENDS }, { signal }),
  ]);
  return {
    tab,
    categoryId,
    page,
    threads: threads.Data ?? EMPTY,
    pinned: (stick.Data ?? []).map((s) => ({ threadId: s.threadId, title: s.title, summary: s.summary })),
    categories: categories.Data ?? [],
    recommended: recommended.Data ?? [],
  };
}
