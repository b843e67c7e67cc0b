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
  // The pages' server render (`getInitialProps`), made without the visitor's token; a page shows it first.
  ...lists(
    'search, server render',
    true,
    { 'filter[hot]': '1', 'filter[content]': '', perPage: '10' },
    { 'filter[nickname]': '', perPage: '10' },
    { 'filter[sort]': '3', 'filter[search]': '', perPage: '10' },
  ),
  {
    name: 'topics.list (topic results, server render)',
    page: 'search',
    method: 'GET',
    path: '/api/v3/topics.list',
    member: false,
    query: { 'filter[hot]': '0', 'filter[content]': '{topic}' },
    reads: filledPage(dzqTopicWithThread),
  },
  {
    name: 'users.list (user results, server render)',
    page: 'search',
    method: 'GET',
    path: '/api/v3/users.list',
    member: false,
    // This page searches by `username`, the others by `nickname`.
    query: { 'filter[username]': '{username}' },
    reads: filledPage(dzqSearchUser),
  },
  {
    name: 'thread.list (thread results, server render)',
    page: 'search',
    method: 'GET',
    path: '/api/v3/thread.list',
    member: false,
    // The client nests its filter one level too deep here: the list answers as if unfiltered.
    query: { 'filter[scope]': '0', 'filter[filter][sort]': '3', 'filter[filter][search]': '{keyword}' },
    reads: filledPage(dzqThread),
  },
  {
    name: 'thread.list (thread results)',
    page: 'search',
    method: 'GET',
    path: '/api/v3/thread.list',
    member: false,
    query: { 'filter[search]': '{keyword}', scope: '2', perPage: '10', page: '1' },
    reads: filledPage(dzqThread),
  },
  {
    name: 'users.list (user results)',
    page: 'search',
    method: 'GET',
    path: '/api/v3/users.list',
    member: false,
    query: { 'filter[hot]': '0', 'filter[nickname]': '{username}', perPage: '20', page: '1' },
    reads: filledPage(dzqSearchUser),
  },
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
