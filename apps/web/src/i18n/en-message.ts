import type { zhMessage } from './zh-message.ts';

/** English strings of the message pages (typed against the Chinese set). */
export const enMessage: typeof zhMessage = {
  message: {
    title: 'Messages',
    dialogs: 'Private messages',
    noDialogs: 'No private messages yet. Say hello from someone’s profile.',
    threadNotices: 'Thread notifications',
    financialNotices: 'Financial notifications',
    accountNotices: 'Account messages',
    image: '[Image]',
    chatWith: 'Conversation with {{name}}',
    noUser: 'User name error',
    loadEarlier: 'Load earlier messages',
    noMore: 'No earlier messages',
    placeholder: 'Say something… (up to 450 characters)',
    send: 'Send',
    sendImage: 'Send an image',
    counter: '{{count}}/450',
    deleteDialog: 'Delete conversation',
    deleteConfirm: 'It disappears on your side only; the other person still sees it. Delete?',
    deleted: 'Deleted',
    you: 'Me',
    loading: 'Loading…',
  },
};
