import { z } from 'zod';
import { bool, filledPage, int, type DzqClientCall } from './dzq-call.js';
import { dzqSearchUser, dzqThread, dzqTopicWithThread } from './dzq-shapes.js';

type Q = Record<string, string>;

/** The three lists of a search page: topics, users, threads. */
function lists(label: string, guest: boolean, topics: Q, users: Q, threads: Q): DzqClientCall[] {
  const base = { page: 'search', method: 'GET', member: !guest } as const;
  return [
    {
      ...base,
      name: `topics.list (${label})`,
      path: '/api/v3/topics.list',
      query: topics,
      reads: filledPage(dzqTopicWithThread),
    },
    {
      ...base,
      name: `users.list (${label})`,
      path: '/api/v3/users.list',
      query: users,
      reads: filledPage(dzqSearchUser),
    },
    {
      ...base,
      name: `thread.list (${label})`,
      path: '/api/v3/thread.list',
      query: threads,
      reads: filledPage(dzqThread),
    },
  ];
}

/**
 * Every call of the search page (`/search`) and its result pages: the front page's hot topics, active users
 * and hot threads; a search's first three of each; each "more" page; the follow button on a user.
 */
export const dzqSearchCalls: readonly DzqClientCall[] = [
  ...lists(
    'search',
    true,
    { 'filter[hot]': '1', 'filter[content]': '', perPage: '10', page: '1' },
    { 'filter[hot]': '1', 'filter[nickname]': '', perPage: '10', page: '1' },
    { 'filter[search]': '', perPage: '10', page: '1', scope: '2' },
  ),
  ...lists(
    'search result',
    true,
    { 'filter[hot]': '0', 'filter[content]': '{topic}', perPage: '3', page: '1' },
    { 'filter[hot]': '1', 'filter[nickname]': '{username}', perPage: '3', page: '1' },
    { 'filter[search]': '{keyword}', perPage: '3', page: '1', scope: '2' },
  ),
  ...lists(
    'search more',
    true,
    { 'filter[hot]': '0', 'filter[content]': '{topic}', perPage: '20', page: '1' },
    { 'filter[hot]': '0', 'filter[nickname]': '{username}', perPage: '10', page: '1' },
    { 'filter[search]': '{keyword}', scope: '0', sequence: '2', perPage: '10', page: '1' },
  ),
  {
    name: 'follow.create (search)',
    page: 'search',
    method: 'POST',
    path: '/api/v3/follow.create',
    member: true,
    body: { toUserId: '{strangerId}' },
    reads: z.object({ isMutual: bool }).passthrough(),
  },
  {
    name: 'follow.delete (search)',
    page: 'search',
    method: 'POST',
    path: '/api/v3/follow.delete',
    member: true,
    body: { id: '{strangerId}', type: 1 },
    reads: z.object({ followCount: int }).passthrough(),
  },
];
