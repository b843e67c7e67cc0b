import type { DbOrTx } from '../../platform/db/db.js';
import type { Notice } from '../notifications/index.js';
import { threadOf } from './redpackets.repository.js';

/**
 * The part of a red packet or bounty notice that names its thread and who put the money up: the thread's
 * author, kept anonymous when the thread is.
 */
export async function threadNotice(
  db: DbOrTx,
  threadId: number,
  authorId: number | null,
): Promise<Pick<Notice, 'senderId' | 'anonymous' | 'threadId' | 'threadTitle'>> {
  const t = await threadOf(db, threadId);
  return {
    senderId: authorId,
    anonymous: authorId !== null && (t?.isAnonymous ?? false),
    threadId,
    threadTitle: t?.title || `#${threadId}`,
  };
}
