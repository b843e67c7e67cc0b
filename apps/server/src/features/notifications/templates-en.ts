import type { NoticeEvent } from '@forum/contracts';

/** One event's English: its name in the admin list and the default system-channel title and content. */
export interface EnglishTemplate {
  typeName: string;
  title: string;
  content: string;
}

/**
 * The English of every template event (Chinese is the site default; English readers get these). Typed by the
 * event list, so a new event cannot ship without its English. Same `{variables}` as the Chinese; money reads
 * `¥{amount}` (yuan).
 */
export const TEMPLATE_EN: Record<NoticeEvent, EnglishTemplate> = {
  registered: { typeName: 'New member', title: 'Welcome', content: 'Welcome to {siteName}, {username}!' },
  'registration.approved': {
    typeName: 'Registration approved',
    title: 'Registration approved',
    content: 'Your registration has been approved.',
  },
  'registration.rejected': {
    typeName: 'Registration rejected',
    title: 'Registration not approved',
    content: 'Your registration was not approved. Reason: {reason}',
  },
  'content.approved': {
    typeName: 'Content approved',
    title: 'Content approved',
    content: '“{threadTitle}” has passed review.',
  },
  'content.rejected': {
    typeName: 'Content rejected',
    title: 'Content not approved',
    content: '“{threadTitle}” did not pass review. Reason: {reason}',
  },
  'content.deleted': {
    typeName: 'Content deleted',
    title: 'Content deleted',
    content: '“{threadTitle}” was deleted. Reason: {reason}',
  },
  'content.edited': {
    typeName: 'Content edited',
    title: 'Content edited',
    content: 'An administrator edited “{threadTitle}”.',
  },
  'content.pinned': {
    typeName: 'Content pinned',
    title: 'Content pinned',
    content: '“{threadTitle}” has been pinned.',
  },
  'content.essence': {
    typeName: 'Content featured',
    title: 'Content featured',
    content: '“{threadTitle}” has been marked as featured.',
  },
  'content.liked': { typeName: 'Like', title: 'New like', content: '{username} liked your post: {content}' },
  'content.replied': {
    typeName: 'Reply',
    title: 'New reply',
    content: '{username} replied to you: {content}',
  },
  'content.mentioned': {
    typeName: 'Mention',
    title: 'You were mentioned',
    content: '{username} mentioned you in “{threadTitle}”: {content}',
  },
  'content.paid': {
    typeName: 'Paid content sold',
    title: 'Content income',
    content: '{username} paid for your “{threadTitle}”; you earned ¥{amount}',
  },
  'commission.income': {
    typeName: 'Commission income',
    title: 'Commission income',
    content: 'You earned ¥{amount} in commission',
  },
  'redpacket.received': {
    typeName: 'Red packet received',
    title: 'Red packet received',
    content: 'You got a ¥{amount} red packet in “{threadTitle}”',
  },
  'bounty.answered': {
    typeName: 'Bounty awarded',
    title: 'Bounty awarded',
    content: 'You were awarded a ¥{amount} bounty in “{threadTitle}”',
  },
  'bounty.expired': {
    typeName: 'Bounty expired',
    title: 'Bounty expired',
    content: 'The bounty on “{threadTitle}” has expired; the remaining ¥{amount} went back to you',
  },
  'question.asked': {
    typeName: 'Question asked',
    title: 'New question',
    content: '{username} asked you: {content}',
  },
  'question.answered': {
    typeName: 'Question answered',
    title: 'Question answered',
    content: '{username} answered your question: {content}',
  },
  'question.expired': {
    typeName: 'Question expired',
    title: 'Question expired',
    content: 'Your question has expired; ¥{amount} went back to you',
  },
  'withdrawal.done': {
    typeName: 'Withdrawal paid',
    title: 'Withdrawal paid',
    content: 'Your ¥{amount} withdrawal has been paid out',
  },
  'withdrawal.approved': {
    typeName: 'Withdrawal approved',
    title: 'Withdrawal approved',
    content: 'Your ¥{amount} withdrawal was approved and awaits payout',
  },
  'withdrawal.failed': {
    typeName: 'Withdrawal failed',
    title: 'Withdrawal failed',
    content: 'Your ¥{amount} withdrawal did not go through. Reason: {reason}',
  },
  'user.banned': {
    typeName: 'Account banned',
    title: 'Account banned',
    content: 'Your account has been banned. Reason: {reason}',
  },
  'user.unbanned': {
    typeName: 'Account unbanned',
    title: 'Account restored',
    content: 'Your account is no longer banned.',
  },
  'user.role': {
    typeName: 'Group changed',
    title: 'Group changed',
    content: 'Your user group is now “{groupName}”',
  },
  'group.upgraded': {
    typeName: 'Group upgrade',
    title: 'Group upgraded',
    content: 'You are now in “{groupName}”, valid until {expiresAt}',
  },
  'user.followed': { typeName: 'New follower', title: 'New follower', content: '{username} followed you' },
  'site.renewal': {
    typeName: 'Site membership',
    title: 'Site membership paid',
    content: 'Your site membership is active, valid until {expiresAt}',
  },
  'content.rewarded': {
    typeName: 'Tip',
    title: 'Tip received',
    content: '{username} tipped ¥{amount} on your “{threadTitle}”',
  },
  'bounty.shared': {
    typeName: 'Bounty shared out',
    title: 'Bounty shared out',
    content: 'The bounty on “{threadTitle}” has expired; your share of the rest is ¥{amount}',
  },
  'group.renewed': {
    typeName: 'Group renewal',
    title: 'Group renewed',
    content: 'Your group “{groupName}” was renewed, valid until {expiresAt}',
  },
  'group.expired': {
    typeName: 'Group expiry',
    title: 'Group expired',
    content: 'Your group “{groupName}” has expired; you are now in “{newGroupName}”',
  },
};
