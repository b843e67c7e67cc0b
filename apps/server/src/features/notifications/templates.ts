import type { NoticeEvent } from '@forum/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
import { notificationTpls } from './notifications.table.js';
import { TEMPLATE_EN } from './templates-en.js';
import { TEMPLATE_EVENTS } from './templates-zh.js';

export { TEMPLATE_EVENTS } from './templates-zh.js';
export { TEMPLATE_EN } from './templates-en.js';

/** The system channel (reference §1.8 channel type 0). */
const SYSTEM_CHANNEL = 0;

/** The `{variables}` a template's texts use, as the admin page lists them. */
function varsOf(...texts: string[]): Record<string, string> {
  return Object.fromEntries(texts.flatMap((t) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, m[1]!])));
}

/**
 * Seeds the system-channel templates, Chinese and English, and leaves what exists alone: an administrator's
 * edits survive restarts. A row from before the English existed gets the default English once (its Chinese
 * untouched). The other channels (WeChat, SMS, ...) come with their senders.
 */
export async function seedTemplates(db: DbOrTx): Promise<void> {
  const rows = Object.entries(TEMPLATE_EVENTS).map(([noticeId, e]) => {
    const en = TEMPLATE_EN[noticeId as NoticeEvent];
    return {
      noticeId,
      type: SYSTEM_CHANNEL,
      status: 1,
      typeName: e.typeName,
      title: e.title,
      content: e.content,
      titleEn: en.title,
      contentEn: en.content,
      vars: varsOf(e.content, en.content),
    };
  });
  const t = notificationTpls;
  await db
    .insert(t)
    .values(rows)
    .onConflictDoUpdate({
      target: [t.noticeId, t.type],
      set: {
        titleEn: sql`coalesce(${t.titleEn}, excluded.title_en)`,
        contentEn: sql`coalesce(${t.contentEn}, excluded.content_en)`,
      },
      setWhere: sql`${t.titleEn} is null or ${t.contentEn} is null`,
    });
}

/** One language's text of a template. */
export interface TemplateText {
  title: string;
  content: string;
}

/** An event's template as stored now (status and texts may have been edited), for rendering. */
export interface LiveTemplate extends TemplateText {
  status: number;
  en: TemplateText;
}

/** Loads every system-channel template (one per event; the notifier keeps them and reloads on change). */
export async function loadTemplates(db: DbOrTx): Promise<Map<string, LiveTemplate>> {
  const rows = await db
    .select({
      noticeId: notificationTpls.noticeId,
      status: notificationTpls.status,
      title: notificationTpls.title,
      content: notificationTpls.content,
      titleEn: notificationTpls.titleEn,
      contentEn: notificationTpls.contentEn,
    })
    .from(notificationTpls)
    .where(sql`${notificationTpls.type} = ${SYSTEM_CHANNEL}`);
  return new Map(
    rows.map((r) => {
      const fallback = TEMPLATE_EN[r.noticeId as NoticeEvent];
      const en = {
        title: r.titleEn ?? fallback?.title ?? '',
        content: r.contentEn ?? fallback?.content ?? '',
      };
      return [r.noticeId, { status: r.status, title: r.title, content: r.content, en }];
    }),
  );
}

/**
 * The English an event renders with: the template's, except that an English text the administrator emptied
 * shows the Chinese (a site that writes only Chinese clears the English to show its own words to everyone).
 */
export function englishOf(tpl: LiveTemplate | undefined, event: NoticeEvent): TemplateText {
  const zh = tpl ?? TEMPLATE_EVENTS[event];
  const en = tpl?.en ?? TEMPLATE_EN[event];
  return { title: en.title || zh.title, content: en.content || zh.content };
}

/** Fills `{name}` variables; unknown ones render empty (a template edited with a typo shows no braces). */
export function renderTemplate(text: string, vars: Record<string, string | number | undefined>): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = vars[name];
    return v === undefined || v === null ? '' : String(v);
  });
}
