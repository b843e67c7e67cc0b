import { useEffect } from 'react';
import { data, type LoaderFunctionArgs } from 'react-router';
import { useViewerData } from '../../app/overlay.ts';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { Page, ThreadItem, TopicItem } from '@forum/contracts';
import { apiFrom, getBrowserApi } from '../../app/api.ts';
import { useSite } from '../../app/site-context.tsx';
import { ThreadCard } from '../threads/thread-card.tsx';

/** What the topic page renders. */
interface TopicData {
  topic: TopicItem;
  threads: Page<ThreadItem> | null;
}

/** `/topic/:id` loader: the topic and the threads that mention it (by searching its text). */
export async function loader({ context, params, request }: LoaderFunctionArgs): Promise<TopicData> {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1) throw data({ reason: 'notFound' }, { status: 404 });
  const [api, c] = await Promise.all([apiFrom(context), import('@forum/contracts')]);
  const res = await api.call(
    c.topicsList,
    { filter: { topicId: id }, perPage: 1 },
    { signal: request.signal },
  );
  const topic = res.Data?.pageData.find((x) => x.topicId === id);
  if (!topic) throw data({ reason: 'notFound' }, { status: 404 });
  const threads = await api.call(
    c.threadList,
    { perPage: 20, filter: { search: `#${topic.content}#`, sort: 1 }, scope: 0 },
    { signal: request.signal },
  );
  return { topic, threads: threads.Data };
}

/** `/topic/:id`: topic name, counts and its threads. */
export function Component() {
  const { t } = useTranslation();
  const { platform } = useSite();
  const d = useViewerData<TopicData>();
  const topicId = d.topic.topicId;
  // One view per visit, counted from the browser only (like threads): server renders and crawlers never run it.
  useEffect(() => {
    void Promise.all([getBrowserApi(), import('@forum/contracts')]).then(([api, c]) =>
      api.call(c.topicViewCount, { topicId }),
    );
  }, [topicId]);
  return (
    <div className={`topic-page topic-page--${platform}`} data-testid="topic-page">
      <header className="panel topic-head">
        <h1 className="topic-head__name">#{d.topic.content}#</h1>
        <p className="muted">
          {t('topic.threads', { count: d.topic.threadCount })} ·{' '}
          {t('topic.views', { count: d.topic.viewCount })}
        </p>
      </header>
      <section className="home-threads" data-testid="thread-list">
        {(d.threads?.pageData ?? []).length === 0 && <p className="panel muted">{t('list.empty')}</p>}
        {(d.threads?.pageData ?? []).map((th) => (
          <ThreadCard key={th.threadId} thread={th} variant={platform} />
        ))}
      </section>
    </div>
  );
}
