import type { Page, ThreadItem } from '@forum/contracts';
import type { OriginalContext } from '../../platform/http/router.js';
import type { ThreadsReader } from './threads-read.service.js';
import { originalThreads } from './thread-original.presenter.js';
import { langOf } from '../../platform/http/lang.js';

type TopicPage = { pageData: Array<{ topicId: number; threads?: ThreadItem[] }> } & Record<string, unknown>;
type TopicsInput = { page: number; perPage: number; filter: { topicId?: number } };

/**
 * `topics.list` as the original Discuz! Q clients read it (reference §1.5): each topic carries `threads`, its
 * latest thread the reader may see (the search page's topic cards show its text and first picture); a topic's
 * own page (`filter[topicId]`) gets that topic's threads a page at a time, with their page numbers.
 */
export function topicThreadsOriginal(reader: ThreadsReader) {
  return async (data: unknown, { actor, input, origin, req }: OriginalContext): Promise<unknown> => {
    const topics = data as TopicPage;
    const { page, perPage, filter } = input as TopicsInput;
    const threadsOf = (topicId: number, p: number, n: number): Promise<Page<ThreadItem>> =>
      reader.list(actor, { page: p, perPage: n, scope: 0, filter: { topicId, sort: 1 } }, langOf(req));
    if (filter.topicId !== undefined) {
      const only = topics.pageData[0];
      if (!only) return topics;
      const { pageData, ...numbers } = await threadsOf(only.topicId, page, perPage);
      only.threads = pageData;
      Object.assign(topics, numbers);
    } else {
      for (const t of topics.pageData) t.threads = (await threadsOf(t.topicId, 1, 1)).pageData;
    }
    return originalThreads(topics, origin);
  };
}
