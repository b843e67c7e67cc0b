import { data, type LoaderFunctionArgs } from 'react-router';
import type { PostItem, ThreadItem } from '@forum/contracts';
import { apiFrom, serverContext } from '../../app/api.ts';

/** Replies per cursor page. */
export const REPLIES_PER_PAGE = 20;

/** What the thread page renders. */
export interface ThreadData {
  thread: ThreadItem;
  replies: PostItem[];
  totalReplies: number;
  nextCursor: number | null;
  /** Absolute address of the page, for og:url. */
  url: string;
}

/** `/thread/:id` loader: the thread with the actor's ability flags and the first page of replies (by cursor). */
export async function threadLoader({ context, params, request }: LoaderFunctionArgs): Promise<ThreadData> {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1) throw data({ reason: 'notFound' }, { status: 404 });
  const [api, c] = await Promise.all([apiFrom(context), import('@forum/contracts')]);
  const signal = request.signal;
  const detail = await api.call(c.threadDetail, { threadId: id }, { signal });
  if (detail.Code !== 0 || !detail.Data) {
    if (
      detail.Code === c.Code.RESOURCE_NOT_FOUND ||
      detail.Code === c.Code.UNAUTHORIZED ||
      detail.Code === c.Code.INVALID_PARAMETER
    )
      throw data({ reason: 'notFound' }, { status: 404 });
    throw data({ reason: 'thread', message: detail.Message }, { status: 503 });
  }
  const thread = detail.Data;
  const posts = thread.ability.canViewPost
    ? await api.call(
        c.postsList,
        { filter: { thread: id }, perPage: REPLIES_PER_PAGE, cursor: 0 },
        { signal },
      )
    : null;
  const origin = serverContext(context)?.origin ?? window.location.origin;
  return {
    thread,
    replies: posts?.Data?.pageData ?? [],
    totalReplies: posts?.Data?.totalCount ?? thread.postCount,
    nextCursor: posts?.Data?.nextCursor ?? null,
    url: `${origin}/thread/${id}`,
  };
}
