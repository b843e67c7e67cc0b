import type { Catalogue } from './catalogue.ts';
import type { zhPaid } from './zh-paid.ts';

/** English strings of paid content, tips and purchases (typed against the Chinese set). */
export const enPaid: Catalogue<typeof zhPaid> = {
  paid: {
    badge: 'Paid ¥{{amount}}',
    attachmentBadge: 'Attachments ¥{{amount}}',
    lockedTitle: 'The rest of this thread is paid content',
    lockedAttachments: 'The attachments are paid content',
    lockedItems: '{{count}} more paid items',
    lockedItems_one: '{{count}} more paid item',
    payToRead: 'Pay ¥{{amount}} to read it all',
    payForAttachments: 'Pay ¥{{amount}} to download the attachments',
    paidNote: 'You bought this content',
    tip: 'Tip',
    tipTitle: 'Tip the author',
    success: 'Paid',
    badAmount: 'Enter an amount from 0.01 to 100000 with at most two decimals',
    purchases: 'My purchases',
    purchaseThread: 'Paid thread',
    purchaseAttachment: 'Paid attachments',
    editorPrice: 'Paid content',
    editorPriceLabel: 'Thread price (yuan)',
    editorAttachmentPriceLabel: 'Attachment price (yuan)',
    editorFreeWordsLabel: 'Free to read (%)',
    editorPriceHint: 'Set a thread price or an attachment price, not both; at most 100000 with two decimals',
  },
  supporters: {
    tipped: '{{count}} people tipped',
    tipped_one: '{{count}} person tipped',
    paid: '{{count}} people paid to read',
    paid_one: '{{count}} person paid to read',
    tippersTitle: 'Tipped by',
    paidTitle: 'Paid to read',
    anonymous: 'Anonymous',
    amount: '¥{{amount}}',
    close: 'Close',
    failed: 'Could not load the list',
    retry: 'Retry',
  },
};
