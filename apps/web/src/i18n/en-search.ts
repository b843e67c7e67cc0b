import type { Catalogue } from './catalogue.ts';
import type { zhSearch } from './zh-search.ts';

/** English strings of the discover page (typed against the Chinese set). */
export const enSearch: Catalogue<typeof zhSearch> = {
  search: {
    title: 'Discover',
    placeholder: 'Search threads, users and topics',
    threads: 'Threads',
    users: 'Users',
    topics: 'Topics',
    noResult: 'Nothing found',
    usersLogin: 'Log in to see users',
    usersNoPermission: 'You do not have permission to view users',
    activeUsers: 'Active users',
    userThreads: '{{count}} threads',
    userThreads_one: '{{count}} thread',
    userFans: '{{count}} followers',
    userFans_one: '{{count}} follower',
    userFollows: '{{count}} following',
    hotTopics: 'Hot topics',
    latest: 'Latest threads',
  },
};
