import { z } from 'zod';
import { filledPage, int, type DzqClientCall, type DzqPage } from './dzq-call.js';
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

/** A write whose reply the client does not read (it checks `Code`, then asks for the counters again). */
function write(name: string, page: DzqPage, call: string, body: Record<string, unknown>): DzqClientCall {
  const reads = z.object({}).passthrough();
  return { name, page, method: 'POST', path: `/api/v3/${call}`, member: true, body, reads };
}

/**
 * Every call of the message centre (`/message`, pc and h5): the counters, the dialog list on its front page,
 * one list per tab (the thread tab and its @, reply and like sub-pages, account, financial), the delete
 * buttons, and the chat (`/message?page=chat`): found by user, marked read, written in.
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
  write('notification.delete', 'notifications', 'notification.delete', { id: '{spareNoticeId}' }),
  write('dialog.delete', 'notifications', 'dialog.delete', { id: '{spareDialogId}' }),
  // The chat, opened from a profile's 私信 button: the dialog with that user, if any.
  {
    name: 'dialog.record',
    page: 'messages',
    method: 'GET',
    path: '/api/v3/dialog.record',
    member: true,
    query: { userId: '{authorId}' },
    reads: z.object({ dialogId: int }).passthrough(),
  },
  write('dialog.update', 'messages', 'dialog.update', { dialogId: '{dialogId}' }),
  write('dialog/message.create', 'messages', 'dialog/message.create', {
    dialogId: '{dialogId}',
    isImage: false,
    messageText: '你好',
  }),
];
