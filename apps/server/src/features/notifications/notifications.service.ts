import type { NotificationItem, NotificationType, Page } from '@forum/contracts';
import type { Bus } from '../../platform/cache/bus.js';
import type { Db } from '../../platform/db/db.js';
import type { Lang } from '../../platform/http/lang.js';
import { inTransaction } from '../../platform/db/tx.js';
import { appendUnread, unreadCounts, wakeUsers } from '../realtime/index.js';
import {
  deleteNotifications,
  listNotifications,
  markRead,
  noticePosts,
  noticeThreads,
  presentNotification,
  sendersById,
} from './notifications.repository.js';
import { pageReply } from '../../platform/http/page.js';

/** A member's notifications: the list (which marks read), deletion, unread counts. */
export class NotificationsService {
  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
  ) {}

  /**
   * `notification`: a page of one member's notifications of these types, in the reader's language; the unread
   * ones become read.
   */
  async list(
    userId: number,
    types: readonly NotificationType[],
    page: number,
    perPage: number,
    lang: Lang,
  ): Promise<Page<NotificationItem>> {
    const { rows, total } = await listNotifications(this.db, userId, types, perPage, (page - 1) * perPage);
    const postIdOf = (r: (typeof rows)[number]) => (r.data as { postId?: number | null }).postId ?? null;
    const threadIdOf = (r: (typeof rows)[number]) =>
      (r.data as { threadId?: number | null }).threadId ?? null;
    const [senders, posts, threads] = await Promise.all([
      sendersById(
        this.db,
        rows.map((r) => r.senderId).filter((id): id is number => id !== null),
      ),
      noticePosts(
        this.db,
        rows.map(postIdOf).filter((id): id is number => id !== null),
      ),
      noticeThreads(
        this.db,
        rows.map(threadIdOf).filter((id): id is number => id !== null),
      ),
    ]);
    const pageData = rows.map((r) =>
      presentNotification(
        r,
        r.senderId !== null ? (senders.get(r.senderId) ?? null) : null,
        lang,
        posts.get(postIdOf(r) ?? 0),
        threads.get(threadIdOf(r) ?? 0),
      ),
    );
    if (rows.some((r) => r.readAt === null)) await this.changed(userId, (db) => markRead(db, userId, types));
    return pageReply(pageData, page, perPage, total);
  }

  /** `notification.delete`: one, or all of some types; the badge follows. */
  async remove(
    userId: number,
    target: { id?: number; types?: readonly NotificationType[] },
  ): Promise<number> {
    return this.changed(userId, (db) => deleteNotifications(db, userId, target));
  }

  /** `unreadnotification`. */
  unread(userId: number) {
    return unreadCounts(this.db, userId);
  }

  /** Runs a change and, when it changed something, sends the member's new counts to their other tabs. */
  private async changed(userId: number, fn: (db: Db) => Promise<number>): Promise<number> {
    const n = await inTransaction(this.db, async (tx) => {
      const changed = await fn(tx as unknown as Db);
      if (changed) await appendUnread(tx, userId);
      return changed;
    });
    if (n) wakeUsers(this.bus, [userId]);
    return n;
  }
}
