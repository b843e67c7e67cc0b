import { useState, type FormEvent } from 'react';
import { Link, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { useViewerData } from '../../app/overlay.ts';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { Page, ThreadItem, TopicItem, UserSearchItem } from '@forum/contracts';
import { Button, Input } from '@forum/ui';
import { apiFrom } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { Highlight, ThreadCard } from '../threads/thread-card.tsx';
import { ListEnd, PcPager, useMoreThreads } from '../threads/thread-pages.tsx';
import { SearchUsers } from './search-users.tsx';

const TABS = ['threads', 'topics', 'users'] as const;
type SearchTab = (typeof TABS)[number];
/** Threads per page: as on home, so a results page weighs what a home page does. */
const THREADS_PER_PAGE = 10;

/** What the discover page renders. */
interface SearchData {
  keyword: string;
  tab: SearchTab;
  page: number;
  threads: Page<ThreadItem>;
  topics: TopicItem[];
  users: UserSearchItem[];
  /** The actor may not search users (guests by default): the tab shows a login prompt. */
  usersForbidden: boolean;
}

const NO_THREADS: Page<ThreadItem> = {
  pageData: [],
  currentPage: 1,
  perPage: THREADS_PER_PAGE,
  totalCount: 0,
  totalPage: 0,
};

/** `thread.list` query for a page of results: matches in the search scope, or without a keyword what is hot. */
function threadsQuery(keyword: string, page: number) {
  return keyword
    ? { page, perPage: THREADS_PER_PAGE, filter: { search: keyword, sort: 1 }, scope: 2 }
    : { page, perPage: THREADS_PER_PAGE, filter: { sort: 3 }, scope: 0 };
}

/** One more page of thread results, loaded in the browser (h5 scrolling). */
async function fetchThreads(keyword: string, page: number): Promise<Page<ThreadItem> | null> {
  const [api, { threadList }] = await Promise.all([apiFrom(undefined), import('@forum/contracts')]);
  const res = await api.call(threadList, threadsQuery(keyword, page));
  return res.Code === 0 && res.Data ? res.Data : null;
}

/** `/search?keyword=&tab=&page=` loader: matching threads (search scope) and topics; without a keyword, what is hot. */
export async function loader({ context, request }: LoaderFunctionArgs): Promise<SearchData> {
  const url = new URL(request.url);
  const keyword = (url.searchParams.get('keyword') ?? '').trim().slice(0, 100);
  const tabParam = url.searchParams.get('tab');
  const tab: SearchTab = (TABS as readonly string[]).includes(tabParam ?? '')
    ? (tabParam as SearchTab)
    : 'threads';
  const page = Math.min(Math.max(Number(url.searchParams.get('page')) || 1, 1), 1000);
  const [api, c] = await Promise.all([apiFrom(context), import('@forum/contracts')]);
  const signal = request.signal;
  // Only the open tab is fetched: each tab is its own URL, so switching tabs runs the loader again.
  const [threads, topics, users] = await Promise.all([
    tab === 'threads' ? api.call(c.threadList, threadsQuery(keyword, page), { signal }) : null,
    tab === 'topics'
      ? api.call(
          c.topicsList,
          { perPage: 20, filter: keyword ? { content: keyword } : {}, sortBy: 1 },
          { signal },
        )
      : null,
    tab === 'users'
      ? api.call(c.usersList, { perPage: 20, filter: keyword ? { keyword } : {} }, { signal })
      : null,
  ]);
  const forbidden = new Set<number>([c.Code.UNAUTHORIZED, c.Code.JUMP_TO_LOGIN]);
  return {
    keyword,
    tab,
    page,
    threads: threads?.Data ?? NO_THREADS,
    topics: topics?.Data?.pageData ?? [],
    users: users?.Data?.pageData ?? [],
    usersForbidden: users !== null && forbidden.has(users.Code),
  };
}

function href(keyword: string, tab: SearchTab, page = 1): string {
  const q = new URLSearchParams();
  if (keyword) q.set('keyword', keyword);
  if (tab !== 'threads') q.set('tab', tab);
  if (page > 1) q.set('page', String(page));
  const s = q.toString();
  return s ? `/search?${s}` : '/search';
}

/** `/search`: discover threads, topics and users; matches are highlighted as text. */
export function Component() {
  const { t } = useTranslation();
  const { platform } = useSite();
  const d = useViewerData<SearchData>();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState(d.keyword);
  const more = useMoreThreads(d.threads, (page) => fetchThreads(d.keyword, page));
  const threads = platform === 'h5' ? [...d.threads.pageData, ...more.extra] : d.threads.pageData;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void navigate(href(keyword.trim(), d.tab));
  };
  return (
    <div className={`search-page search-page--${platform}`} data-testid="search-page">
      <form className="panel search-form" role="search" onSubmit={submit}>
        <Input
          variant={platform}
          name="keyword"
          type="search"
          value={keyword}
          onChange={setKeyword}
          placeholder={t('search.placeholder')}
        />
        <Button kind="primary" variant={platform} type="submit" data-testid="search-submit">
          {t('nav.searchSubmit')}
        </Button>
      </form>
      <nav className={`home-tabs home-tabs--${platform}`} role="tablist">
        {TABS.map((tab) => (
          <Link
            key={tab}
            to={href(d.keyword, tab)}
            role="tab"
            aria-selected={tab === d.tab}
            className={`home-tabs__tab${tab === d.tab ? ' is-active' : ''}`}
            data-tab={tab}
          >
            {t(`search.${tab}`)}
          </Link>
        ))}
      </nav>
      {d.tab === 'threads' && (
        <section className="home-threads" data-testid="search-threads">
          {!d.keyword && <h2 className="panel__title search-latest">{t('search.latest')}</h2>}
          {threads.length === 0 && <p className="panel muted">{t('search.noResult')}</p>}
          {threads.map((th) => (
            <ThreadCard key={th.threadId} thread={th} variant={platform} keyword={d.keyword} />
          ))}
          {platform === 'pc' ? (
            <PcPager
              page={d.page}
              total={d.threads.totalPage}
              hrefFor={(page) => href(d.keyword, 'threads', page)}
            />
          ) : (
            threads.length > 0 && <ListEnd more={more} />
          )}
        </section>
      )}
      {d.tab === 'topics' && (
        <section className="panel" data-testid="search-topics">
          {!d.keyword && <h2 className="panel__title">{t('search.hotTopics')}</h2>}
          <p>
            <Link to="/topic" data-testid="all-topics">
              {t('topic.all')}
            </Link>
          </p>
          {d.topics.length === 0 && <p className="muted">{t('search.noResult')}</p>}
          <ul className="topic-list">
            {d.topics.map((tp) => (
              <li key={tp.topicId}>
                <Link to={`/topic/${tp.topicId}`}>
                  #<Highlight text={tp.content} keyword={d.keyword} />#
                </Link>
                <span className="muted"> {t('topic.threads', { count: tp.threadCount })}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {d.tab === 'users' && (
        <SearchUsers users={d.users} keyword={d.keyword} forbidden={d.usersForbidden} variant={platform} />
      )}
    </div>
  );
}
