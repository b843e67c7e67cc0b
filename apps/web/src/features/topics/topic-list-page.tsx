import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { TopicItem } from '@forum/contracts';
import { apiFrom } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';

// The API's sortBy: 2 by thread count (its default), 1 by views.
const SORTS = { threads: 2, views: 1 } as const;
type TopicSort = keyof typeof SORTS;
const PER_PAGE = 30;

/** What the topic list renders. */
interface TopicListData {
  sort: TopicSort;
  page: number;
  totalPage: number;
  topics: TopicItem[];
}

/** `/topic?sort=threads|views&page=N` loader: hot topics, one page at a time. */
export async function loader({ context, request }: LoaderFunctionArgs): Promise<TopicListData> {
  const url = new URL(request.url);
  const sort: TopicSort = url.searchParams.get('sort') === 'views' ? 'views' : 'threads';
  const page = Math.min(Math.max(Number(url.searchParams.get('page')) || 1, 1), 1000);
  const [api, c] = await Promise.all([apiFrom(context), import('@forum/contracts')]);
  const res = await api.call(
    c.topicsList,
    { page, perPage: PER_PAGE, sortBy: SORTS[sort] },
    { signal: request.signal },
  );
  return {
    sort,
    page,
    totalPage: res.Data?.totalPage ?? 0,
    topics: res.Data?.pageData ?? [],
  };
}

function href(sort: TopicSort, page = 1): string {
  const q = new URLSearchParams();
  if (sort !== 'threads') q.set('sort', sort);
  if (page > 1) q.set('page', String(page));
  const s = q.toString();
  return s ? `/topic?${s}` : '/topic';
}

/** `/topic`: hot topics by thread count or views, each linking to its topic page. */
export function Component() {
  const { t } = useTranslation();
  const { platform } = useSite();
  const d = useLoaderData() as TopicListData;
  return (
    <div className={`topic-list-page topic-list-page--${platform}`} data-testid="topic-list-page">
      <header className="panel">
        <h1 className="panel__title">{t('topic.listTitle')}</h1>
        <nav className={`home-tabs home-tabs--${platform}`} aria-label={t('topic.sortBy')}>
          {(Object.keys(SORTS) as TopicSort[]).map((s) => (
            <Link
              key={s}
              to={href(s)}
              aria-current={s === d.sort ? 'page' : undefined}
              className={`home-tabs__tab${s === d.sort ? ' is-active' : ''}`}
              data-sort={s}
            >
              {t(`topic.sort.${s}`)}
            </Link>
          ))}
        </nav>
      </header>
      <section className="panel" data-testid="topic-list">
        {d.topics.length === 0 && <p className="muted">{t('topic.empty')}</p>}
        <ul className={`topic-list topic-list--ranked topic-list--${platform}`}>
          {d.topics.map((tp) => (
            <li key={tp.topicId}>
              <Link to={`/topic/${tp.topicId}`} className="topic-list__name">
                #{tp.content}#
              </Link>
              <span className="muted topic-list__meta">
                {t('topic.threads', { count: tp.threadCount })} · {t('topic.views', { count: tp.viewCount })}
              </span>
            </li>
          ))}
        </ul>
        {d.totalPage > 1 && (
          <nav className="topic-list__pager" aria-label={t('topic.pages')}>
            {d.page > 1 && <Link to={href(d.sort, d.page - 1)}>{t('topic.prev')}</Link>}
            <span className="muted">{t('topic.pageOf', { page: d.page, total: d.totalPage })}</span>
            {d.page < d.totalPage && <Link to={href(d.sort, d.page + 1)}>{t('topic.next')}</Link>}
          </nav>
        )}
      </section>
    </div>
  );
}
