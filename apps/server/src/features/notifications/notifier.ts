import { NOTIFICATION_BUCKETS, type NoticeEvent } from '@forum/contracts';
import type { Bus } from '../../platform/cache/bus.js';
import { Batcher } from '../../platform/db/batcher.js';
import type { Db } from '../../platform/db/db.js';
import { wakeUsers } from '../realtime/index.js';
import { fenToYuan } from '../wallet/index.js';
import {
  ANONYMOUS,
  insertWithEvents,
  senderBriefs,
  type NewNotification,
  type SenderBrief,
} from './notifications.repository.js';
import {
  englishOf,
  loadTemplates,
  renderTemplate,
  TEMPLATE_EVENTS,
  type LiveTemplate,
  type TemplateText,
} from './templates.js';

/** A variable whose words differ by language (a membership's "no end"); plain ones read the same in both. */
export interface Localized {
  zh: string;
  en: string;
}

/** One thing to tell one member. */
export interface Notice {
  event: NoticeEvent;
  /** The recipient. */
  userId: number;
  /** Who caused it; null for the system. */
  senderId: number | null;
  /** The sender's name and avatar when the caller has them (a reply's author): no read for them then. */
  sender?: NonNullable<SenderBrief>;
  /** The sender wrote anonymously: blocks still apply, but the notification does not name them. */
  anonymous?: boolean;
  threadId?: number | null;
  postId?: number | null;
  threadTitle?: string;
  /** A short excerpt of the content it is about (plain text). */
  excerpt?: string;
  /** The money it is about, in fen: the template's `{amount}` (yuan) and the list's `amount`. */
  amountFen?: bigint;
  /** The order type the money came from (the original's `order_type`: tip, paid thread, ...). */
  orderType?: number;
  /**
   * Further template variables (reason, groupName, expiresAt, ...), kept with the notification for clients (in
   * Chinese, the default, where a value has two languages).
   */
  vars?: Record<string, string | number | Localized>;
}

/**
 * How features that have already committed tell members: never throws (a failed notification is logged, never
 * the writer's error, and never undoes what it is about).
 */
export type Notify = (notices: Notice[]) => Promise<void>;

/** How long an excerpt in a notification may be. */
const EXCERPT_MAX = 80;

/** A private-use character: what marks a place to fill in a notification rendered ahead of its sender's row. */
const MARK_CHAR = '\uE000';

/** Where {@link Notifier.marked} leaves the sender's name and avatar (as they read in the JSON text). */
export const SENDER_MARKS = {
  name: `${MARK_CHAR}name${MARK_CHAR}`,
  avatar: `${MARK_CHAR}avatar${MARK_CHAR}`,
};

/** A notification rendered for a reply's own statement: its data as JSON text, with {@link SENDER_MARKS}. */
export interface MarkedNotification {
  userId: number;
  type: NewNotification['type'];
  data: string;
}

/**
 * Makes notifications (issue 9 §6): renders each from its template, drops those nobody should get (your own
 * action, someone you blocked, a switched-off template), stores them and puts them on the recipients' realtime
 * channels in one transaction, then wakes the recipients' connections.
 */
export class Notifier {
  private templates: Map<string, LiveTemplate> | null = null;
  /**
   * Group commit: while one batch is being written, the notices that arrive wait and go together in the next
   * (two statements for all of them). Alone, a notice goes at once; under load, many replies share a write.
   */
  private readonly batcher = new Batcher<Notice[], number>(
    async (batches) => {
      const recipients = await this.sendIn(batches.flat());
      wakeUsers(this.bus, recipients);
      return batches.map((b) => b.filter((n) => recipients.includes(n.userId)).length);
    },
    { maxBatch: Number.POSITIVE_INFINITY, concurrency: 1 },
  );

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
  ) {}

  /** Reloads the templates (after an administrator edits one). */
  async reload(): Promise<void> {
    this.templates = await loadTemplates(this.db);
  }

  /** Sends notices; returns how many were stored. Never throws for a recipient who opted out or blocked. */
  async send(notices: readonly Notice[]): Promise<number> {
    const wanted = othersOf(notices);
    if (!wanted.length) return 0;
    if (!this.templates) await this.reload();
    return this.batcher.submit(wanted);
  }

  /**
   * One statement whatever the number of notices when their senders came with them (replies), else two: the
   * senders' names, then the statement that stores the notifications and their realtime events together
   * (atomic on its own) and drops those whose recipient blocked the sender. The badge counts travel as each
   * event's bucket; the client adds them up (a list opened, a dialog read, send fresh totals).
   */
  private async sendIn(notices: readonly Notice[]): Promise<number[]> {
    const senders = new Map<number, NonNullable<SenderBrief>>();
    for (const n of notices) if (n.sender && n.senderId !== null) senders.set(n.senderId, n.sender);
    const unknown = new Set<number>();
    for (const n of notices) if (n.senderId !== null && !senders.has(n.senderId)) unknown.add(n.senderId);
    for (const [id, s] of await senderBriefs(this.db, [...unknown])) senders.set(id, s);
    return insertWithEvents(
      this.db,
      this.rowsOf(notices, (id) => senders.get(id)),
    );
  }

  /**
   * Renders notices whose sender is the writer of a reply not stored yet, for the reply's own statement to
   * store (issue 30 item 4: one commit for a reply and what it tells). The writer's name and avatar are left as
   * {@link SENDER_MARKS}, filled from the users row by that statement, so nothing is read for them first; the
   * post's id is filled there too. Notices to oneself and switched-off templates are dropped here.
   */
  async marked(notices: readonly Notice[]): Promise<MarkedNotification[]> {
    const wanted = othersOf(notices);
    if (!wanted.length) return [];
    if (!this.templates) await this.reload();
    const brief = (id: number) => ({
      userId: id,
      nickname: SENDER_MARKS.name,
      avatarUrl: SENDER_MARKS.avatar,
    });
    // The marks' own character never comes from a member's text, so only the marks are replaced.
    const clean = wanted.map((n) => ({
      ...n,
      threadTitle: n.threadTitle?.replaceAll(MARK_CHAR, ''),
      excerpt: n.excerpt?.replaceAll(MARK_CHAR, ''),
    }));
    return this.rowsOf(clean, brief).map((r) => ({
      userId: r.userId,
      type: r.type,
      data: JSON.stringify(r.data),
    }));
  }

  /** After the commit of notifications stored elsewhere (a reply's statement): wakes their recipients. */
  woken(recipients: readonly number[]): void {
    wakeUsers(this.bus, recipients);
  }

  /** Each notice as a row: rendered from its template in both languages, unless the template is switched off. */
  private rowsOf(
    notices: readonly Notice[],
    senderOf: (id: number) => NonNullable<SenderBrief> | undefined,
  ): NewNotification[] {
    const rows: NewNotification[] = [];
    for (const n of notices) {
      const sender = n.senderId !== null ? senderOf(n.senderId) : undefined;
      const tpl = this.templates!.get(n.event);
      if (tpl && tpl.status !== 1) continue;
      const event = TEMPLATE_EVENTS[n.event];
      const shown = n.anonymous ? undefined : sender;
      const amount = n.amountFen === undefined ? '' : fenToYuan(n.amountFen);
      const extra = splitVars(n.vars);
      const common = {
        threadTitle: n.threadTitle ?? '',
        content: (n.excerpt ?? '').slice(0, EXCERPT_MAX),
        amount,
      };
      const name = (lang: keyof Localized) => (n.anonymous ? ANONYMOUS[lang] : (shown?.nickname ?? ''));
      const zh = render(tpl ?? event, { username: name('zh'), ...common, ...extra.zh });
      const en = render(englishOf(tpl, n.event), { username: name('en'), ...common, ...extra.en });
      rows.push({
        userId: n.userId,
        type: event.type,
        senderId: n.anonymous ? null : n.senderId,
        fromId: n.senderId,
        data: {
          event: n.event,
          // The Chinese (the default, and what the original's clients read) and the English, picked per reader.
          ...zh,
          en,
          excerpt: common.content,
          threadId: n.threadId ?? null,
          postId: n.postId ?? null,
          threadTitle: n.threadTitle ?? '',
          amount,
          orderType: n.orderType ?? 0,
          vars: extra.zh,
          // For the realtime event only (the list reads the sender afresh).
          sender: shown
            ? { userId: shown.userId, nickname: shown.nickname, avatarUrl: shown.avatarUrl }
            : null,
          bucket: NOTIFICATION_BUCKETS[event.type],
        },
      });
    }
    return rows;
  }
}

/** The notices for someone other than who caused them (your own action tells you nothing). */
function othersOf(notices: readonly Notice[]): Notice[] {
  return notices.filter((n) => n.userId !== n.senderId);
}

/** A template's title and content with the variables filled in. */
function render(tpl: TemplateText, vars: Record<string, string>): TemplateText {
  return { title: renderTemplate(tpl.title, vars), content: renderTemplate(tpl.content, vars) };
}

/** A notice's further variables as strings, once per language. */
function splitVars(vars: Notice['vars']): Record<keyof Localized, Record<string, string>> {
  const out = { zh: {} as Record<string, string>, en: {} as Record<string, string> };
  for (const [k, v] of Object.entries(vars ?? {})) {
    out.zh[k] = typeof v === 'object' ? v.zh : String(v);
    out.en[k] = typeof v === 'object' ? v.en : String(v);
  }
  return out;
}
