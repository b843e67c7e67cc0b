import { useState, type FormEvent } from 'react';
import { Link, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { useViewerData } from '../../app/overlay.ts';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { ThreadItem, TopicItem, UserSearchItem } from '@forum/contracts';
import { Button, Input } from '@forum/ui';
import { apiFrom } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { Highlight, ThreadCard } from '../threads/thread-card.tsx';
import { SearchUsers } from './search-users.tsx';

const TABS = ['threads', 'topics', 'users'] as const;
type SearchTab = (typeof TABS)[number];

/** What the discover page renders. */
interface SearchData {
  keyword: string;
  tab: SearchTab;
  threads: ThreadItem[];
  topics: TopicItem[];
  users: UserSearchItem[];
  /** The actor may not search users (guests by default): the tab shows a login prompt. */
  usersForbidden: boolean;
}

/** `/search?keyword=&tab=` loader: matching threads (search scope) and topics; without a keyword, what is hot. */
export async function loader({ context, request }: LoaderFunctionArgs): Promise<SearchData> {
  const url = new URL(request.url);
  const keyword = (url.searchParams.get('keyword') ?? '').trim().slice(0, 100);
  const tabParam = url.searchParams.get('tab');
  const tab: SearchTab = (TABS as readonly string[]).includes(tabParam ?? '')
    ? (tabParam as SearchTab)
    : 'threads';
  const [api, c] = await Promise.all([apiFrom(context), import('@forum/contracts')]);
  const signal = request.signal;
  // Only the open tab is fetched: each tab is its own URL, so switching tabs runs the loader again.
  const [threads, topics, users] = await Promise.all([
    tab === 'threads'
      ? api.call(
          c.threadList,
          keyword
            ? { perPage: 20, filter: { search: keyword, sort: 1 }, scope: 2 }
            : { perPage: 10, filter: { sort: 3 }, scope: 0 },
          { signal },
        )
      : null,
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
    threads: threads?.Data?.pageData ?? [],
    topics: topics?.Data?.pageData ?? [],
    users: users?.Data?.pageData ?? [],
    usersForbidden: users !== null && forbidden.has(users.Code),
  };
}

function href(keyword: string, tab: SearchTab): string {
  const q = new URLSearchParams();
  if (keyword) q.set('keyword', keyword);
  if (tab !== 'threads') q.set('tab', tab);
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
          {!d.keyword && <h2 className="panel__title">{t('search.latest')}</h2>}
          {d.threads.length === 0 && <p className="panel muted">{t('search.noResult')}</p>}
          {d.threads.map((th) => (
            <ThreadCard key={th.threadId} thread={th} variant={platform} keyword={d.keyword} />
          ))}
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
