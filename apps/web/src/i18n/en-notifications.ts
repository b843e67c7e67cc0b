import type { zhNotifications } from './zh-notifications.ts';

/** English strings of the notification lists (typed against the Chinese set). */
export const enNotifications: typeof zhNotifications = {
  notifications: {
    thread: 'Thread notifications',
    financial: 'Financial notifications',
    account: 'Account messages',
    empty: 'No notifications',
    delete: 'Delete',
    deleteAll: 'Delete all',
    deleteAllConfirm: 'Delete every notification of this kind?',
    deleted: 'Deleted',
    system: 'System',
    viewThread: 'View thread',
    type: {
      system: 'System',
      replied: 'Reply',
      liked: 'Like',
      related: 'Mention',
      rewarded: 'Income',
      threadrewarded: 'Bounty',
      threadrewardedexpired: 'Bounty expired',
      receiveredpacket: 'Red packet',
      questioned: 'Q&A',
      withdrawal: 'Withdrawal',
    },
    event: {
      replied: '{{name}} replied to you',
      liked: '{{name}} liked your post',
      mentioned: '{{name}} mentioned you in a thread',
      followed: '{{name}} followed you',
    },
  },
};
