import type { z } from 'zod';
import { filledPage, type DzqClientCall } from './dzq-call.js';
import { dzqDialog, dzqMoneyNotice, dzqSystemNotice, dzqThreadNotice, dzqUnread } from './dzq-shapes.js';

/** A tab of the message centre: one `notification` list of some types. */
function tab(name: string, types: string, item: z.ZodType): DzqClientCall {
  return {
    name: `notification (${name})`,
    page: 'notifications',
    method: 'GET',
    path: '/api/v3/notification',
    member: true,
    query: { perPage: '10', page: '1', 'filter[type]': types },
    reads: filledPage(item),
  };
}

/**
 * Every call of the message centre (`/message`, pc and h5): the counters, the dialog list on its front page,
 * and one list per tab (the thread tab and its @, reply and like sub-pages, account, financial).
 */
export const dzqNoticeCalls: readonly DzqClientCall[] = [
  {
    name: 'unreadnotification (message centre)',
    page: 'notifications',
    method: 'GET',
    path: '/api/v3/unreadnotification',
    member: true,
    reads: dzqUnread,
  },
  {
    name: 'dialog (message centre)',
    page: 'notifications',
    method: 'GET',
    path: '/api/v3/dialog',
    member: true,
    query: { perPage: '20', page: '1' },
    reads: filledPage(dzqDialog),
  },
  tab('threads', 'related,replied,liked', dzqThreadNotice),
  tab('at', 'related', dzqThreadNotice),
  tab('reply', 'replied', dzqThreadNotice),
  tab('like', 'liked', dzqThreadNotice),
  tab('account', 'system', dzqSystemNotice),
  // Withdrawals are shown in the wallet, not here.
  tab('financial', 'rewarded,threadrewarded,receiveredpacket,threadrewardedexpired', dzqMoneyNotice),
];
