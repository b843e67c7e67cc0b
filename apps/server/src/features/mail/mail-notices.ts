import type { Db } from '../../platform/db/db.js';
import { inTransaction } from '../../platform/db/tx.js';
import {
  langOfAccount,
  mailAvailable,
  mailContext,
  siteOrigin,
  unsubscribeKey,
  type MailSite,
} from './email-account.service.js';
import { digestDayDue } from './digest-time.js';
import { MAX_LISTED, noticesMail, type MailNotice } from './mail-templates.js';
import * as repo from './mail.repository.js';

/** "Away": a notification still unread this long after it came is mailed to members who chose `each`. */
export const AWAY_MS = 10 * 60_000;
/** Older notifications are never mailed one by one (a member back from a long absence reads the site). */
export const EACH_WINDOW_MS = 2 * 24 * 3600_000;
/** A digest lists unread notifications of at most this long ago (its job missed for days, it catches up once). */
export const DIGEST_WINDOW_MS = 7 * 24 * 3600_000;
/** Members handled per query; a run loops until none is left (bounded, the next run takes the rest). */
const MEMBERS_PER_ROUND = 200;
const MAX_ROUNDS = 50;

/** The path of the one-click unsubscribe (RFC 8058: a POST with `List-Unsubscribe=One-Click`, no login). */
export const ONE_CLICK_PATH = '/api/mail/unsubscribe';

/**
 * Notification email for members who are away: `each` (every few minutes, what came while they were away and
 * is still unread) and `digest` (once a day, the day's unread). A member's watermark (the newest notification
 * mailed) moves in the transaction that queues the message, so nothing is mailed twice and nothing is lost.
 */
export class MailNotices {
  constructor(
    private readonly db: Db,
    private readonly site: MailSite,
  ) {}

  /** Queues the `each` messages due at `now`; answers how many. */
  sendEach(now = new Date()): Promise<number> {
    return this.run('each', new Date(now.getTime() - EACH_WINDOW_MS), new Date(now.getTime() - AWAY_MS));
  }

  /** Queues the daily digests due at `now`; answers how many. */
  sendDigests(now = new Date()): Promise<number> {
    return this.run('digest', new Date(now.getTime() - DIGEST_WINDOW_MS), now);
  }

  /**
   * The scheduled digest check: sends the day's digests on the first check at or after the digest hour
   * (`mail_digest_hour`, the server's time zone) of a local day not done yet, and remembers the day
   * (`mail_digest_day`). Answers how many were queued.
   */
  async digestCheck(now = new Date(), timeZone?: string): Promise<number> {
    const s = this.site.settings;
    const day = digestDayDue(now, s.int('mail_digest_hour', 9), s.get('mail_digest_day'), timeZone);
    if (!day) return 0;
    // Marked after the sends: a run that failed half-way is taken up by the next check (watermarks skip the sent).
    const queued = await this.sendDigests(now);
    await s.set([{ key: 'mail_digest_day', tag: 'mail', value: day }]);
    return queued;
  }

  private async run(kind: 'each' | 'digest', since: Date, before: Date): Promise<number> {
    const origin = siteOrigin(this.site);
    if (!mailAvailable(this.site) || !origin) return 0;
    let queued = 0;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const due = await repo.dueMembers(this.db, {
        notify: kind,
        since,
        before,
        members: MEMBERS_PER_ROUND,
        limit: MAX_LISTED,
      });
      for (const m of due) if (await this.mailOne(kind, m, origin)) queued++;
      if (due.length < MEMBERS_PER_ROUND) break;
    }
    return queued;
  }

  private async mailOne(kind: 'each' | 'digest', m: repo.DueMember, origin: string): Promise<boolean> {
    const lang = langOfAccount(m);
    const key = await unsubscribeKey(this.site, m.id, m.email);
    const q = `u=${m.id}&k=${key}`;
    const notices: MailNotice[] = m.notices.map((n) => {
      const d = n.data as { title?: string; content?: string; en?: { title: string; content: string } };
      const text = (lang === 'en' && d.en) || d;
      const threadId = Number((n.data as { threadId?: unknown }).threadId) || 0;
      return {
        title: text.title ?? '',
        content: text.content ?? '',
        url: threadId ? `${origin}/thread/${threadId}` : `${origin}/message`,
        createdAt: n.createdAt,
      };
    });
    const mail = noticesMail(mailContext(this.site, lang), {
      kind,
      name: m.nickname || m.username,
      notices,
      total: m.total,
      unreadMessages: m.unreadMessages,
      unsubscribeUrl: `${origin}/user/unsubscribe?${q}`,
      settingsUrl: `${origin}/my/edit`,
    });
    return inTransaction(this.db, async (tx) => {
      if (!(await repo.advanceWatermark(tx, m.id, m.watermark, m.maxId))) return false;
      await this.site.queue.enqueue(tx, {
        ...mail,
        to: m.email,
        kind,
        headers: {
          'List-Unsubscribe': `<${origin}${ONE_CLICK_PATH}?${q}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          'Auto-Submitted': 'auto-generated',
        },
      });
      return true;
    });
  }
}
