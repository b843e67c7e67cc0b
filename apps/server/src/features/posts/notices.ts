import { htmlToText } from '../../platform/content/sanitize.js';
import type { Notice } from '../notifications/index.js';
import type { PostAuthor, PostRow } from './posts.repository.js';
import type { PostThread as ThreadRow } from './threads.port.js';

/** How a thread is named in a notification: its title, else its number. */
function nameOf(thread: ThreadRow): string {
  return thread.title || `#${thread.id}`;
}

/**
 * Who hears of a new approved reply or comment: the thread's author (a reply) or the reply's and the answered
 * comment's authors (a comment), then everyone it mentions who is not told already. The notifier drops the
 * writer themself and anyone who blocked them.
 */
export function replyNotices(
  thread: ThreadRow,
  post: Pick<PostRow, 'id' | 'userId' | 'isApproved'>,
  text: string,
  targets: { parent: PostRow | null; comment: PostRow | null; mentioned: number[] },
  /** The writer's card when the insert brought it back (the notifier then reads no name). */
  author?: PostAuthor,
): Notice[] {
  if (post.isApproved !== 1) return [];
  const base = {
    senderId: post.userId,
    ...(author && {
      sender: { userId: author.id, nickname: author.nickname || author.username, avatarUrl: author.avatar },
    }),
    threadId: thread.id,
    postId: post.id,
    threadTitle: nameOf(thread),
    excerpt: text,
  };
  const told = new Set<number>();
  const out: Notice[] = [];
  const add = (userId: number, event: Notice['event']) => {
    if (told.has(userId)) return;
    told.add(userId);
    out.push({ ...base, userId, event });
  };
  if (targets.parent) {
    add(targets.parent.userId, 'content.replied');
    if (targets.comment) add(targets.comment.userId, 'content.replied');
  } else add(thread.userId, 'content.replied');
  for (const id of targets.mentioned) add(id, 'content.mentioned');
  return out;
}

/** A new thread's mentions; an anonymous author is not named (the notifier still honours blocks). */
export function threadMentionNotices(thread: ThreadRow, html: string, mentioned: number[]): Notice[] {
  if (thread.isApproved !== 1 || thread.isDraft) return [];
  return mentioned.map((userId) => ({
    event: 'content.mentioned' as const,
    userId,
    senderId: thread.userId,
    anonymous: thread.isAnonymous,
    threadId: thread.id,
    threadTitle: nameOf(thread),
    excerpt: htmlToText(html),
  }));
}

/** A like on a post tells its author (only when a like was added, not removed). */
export function likeNotice(thread: ThreadRow, post: PostRow, likerId: number): Notice {
  return {
    event: 'content.liked',
    userId: post.userId,
    senderId: likerId,
    threadId: thread.id,
    postId: post.id,
    threadTitle: nameOf(thread),
    excerpt: htmlToText(post.content),
  };
}
