import type { zhPeople } from './zh-people.ts';

/** English strings of user cards and profiles (typed against the Chinese set). */
export const enPeople: typeof zhPeople = {
  people: {
    noSignature: 'No signature yet',
    threads: 'Threads',
    liked: 'Liked',
    follows: 'Following',
    fans: 'Fans',
    follow: 'Follow',
    following: 'Following',
    mutual: 'Mutual',
    unfollow: 'Unfollow',
    message: 'Message',
    block: 'Block',
    unblock: 'Unblock',
    blocked: 'Blocked successfully',
    unblocked: 'Unblocked successfully',
    blockedYou: 'This user has blocked you',
    loading: 'Loading…',
    profileTitle: '{{name}}’s profile',
    tabThreads: 'Threads',
    tabLikes: 'Likes',
    tabFollows: 'Following',
    tabFans: 'Fans',
    noThreads: 'No threads yet',
    noLikes: 'No likes yet',
    noPeople: 'Nobody yet',
    joined: 'Joined {{date}}',
    pinned: 'Pinned',
    editProfile: 'Edit profile',
  },
};
