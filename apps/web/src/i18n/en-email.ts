import type { zhEmail } from './zh-email.ts';

/** English strings of email (same keys as zh-email.ts). */
export const enEmail: typeof zhEmail = {
  email: {
    title: 'Email',
    none: 'Not set',
    verified: 'Verified',
    pending: 'Awaiting confirmation: {{email}}. Open the link we sent (valid until {{time}}).',
    address: 'Email address',
    placeholder: 'name@example.com',
    send: 'Send confirmation link',
    remove: 'Remove email',
    removed: 'Email removed',
    sent: 'A confirmation link was sent to {{email}}',
    badEmail: 'Enter a valid email address',
    notify: 'Notification email',
    notifyHint:
      'While you are away, email tells you of unread notifications: each one after 10 minutes unread, or one digest a day. Needs a verified address.',
    notifyOff: 'Off',
    notifyEach: 'Each',
    notifyDigest: 'Daily digest',
    saved: 'Saved',
    verifyTitle: 'Confirm email',
    verifying: 'Confirming…',
    verifiedDone: 'Your email {{email}} is confirmed',
    linkBad: 'This link is wrong, used or expired.',
    toSettings: 'Go to settings',
    toHome: 'Back to home',
    resetByEmail: 'Reset by email',
    resetByPhone: 'Reset by phone',
    resetEmailTip: 'Enter the verified email of your account and we will send a link to reset your password.',
    resetSend: 'Send reset link',
    resetSent: 'If an account uses {{email}}, a reset link is on its way. Open it within 60 minutes.',
    resetNewTip: 'Choose a new password for your account.',
    resetAgain: 'Ask again',
    unsubscribeTitle: 'Stop notification email',
    unsubscribeTip:
      'After you confirm, no more notification emails are sent. You can turn them on again in your settings.',
    unsubscribeSubmit: 'Stop notification emails',
    unsubscribed: 'Done: {{email}} gets no more notification emails.',
  },
};
