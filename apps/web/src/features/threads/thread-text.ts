/** Text helpers shared by lists, detail and search; pure so they run the same on the server and in tests. */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** Plain text of server-sanitised HTML, for excerpts and descriptions (rendered as text, never as markup). */
export function htmlToPlain(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h\d|\/blockquote)[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first `max` characters of the plain text, with an ellipsis when cut. */
export function excerpt(html: string, max = 140): string {
  const chars = [...htmlToPlain(html)];
  return chars.length > max ? chars.slice(0, max).join('') + '…' : chars.join('');
}

// Only images served by the forum itself (uploads) are shown as list thumbnails.
const UPLOAD_IMG = /<img\b[^>]*?\bsrc="(\/api\/v3\/attachments\/[0-9a-f-]{36}(?:\?thumb=1)?)"/gi;

/** Up to `max` uploaded image addresses found in the content, in order. */
export function firstImages(html: string, max = 3): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(UPLOAD_IMG)) {
    out.push(m[1]!);
    if (out.length >= max) break;
  }
  return out;
}

/** An image of the image block, as the thread page lists it. */
interface BlockImage {
  id?: number;
  url: string;
}

/**
 * The block's images that are not already shown inline in the body (by upload id or address): an image the author
 * placed in the text is shown there once, not again as a thumbnail below it.
 */
export function imagesNotInline<T extends BlockImage>(html: string, images: T[]): T[] {
  const ids = new Set<number>();
  const srcs = new Set<string>();
  for (const m of html.matchAll(/<img\b[^>]*>/gi)) {
    const id = /\bdata-attachment-id="(\d+)"/i.exec(m[0]);
    if (id) ids.add(Number(id[1]));
    const src = /\bsrc="([^"]+)"/i.exec(m[0]);
    if (src) srcs.add(src[1]!.replace(/\?thumb=1$/, ''));
  }
  return images.filter((img) => !(img.id !== undefined && ids.has(img.id)) && !srcs.has(img.url));
}

/** A piece of text and whether it matched the search keyword. */
export interface TextPart {
  text: string;
  hit: boolean;
}

/** Splits text around case-insensitive keyword matches (each word of the keyword), for `<mark>` as text nodes. */
export function highlightParts(text: string, keyword: string): TextPart[] {
  const words = keyword
    .split(/\s+/)
    .map((w) => w.trim())
    .filter(Boolean)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (!words.length) return [{ text, hit: false }];
  const re = new RegExp(`(${words.join('|')})`, 'gi');
  // With one capture group, split puts the matches at the odd indexes.
  return text
    .split(re)
    .map((s, i) => ({ text: s, hit: i % 2 === 1 }))
    .filter((p) => p.text !== '');
}

// The site's own copy of @forum/ui's formatDateTime / formatRelative for the two shapes the first page needs
// (UTC, so the server's HTML and the hydrating browser agree): importing the shared module cost the first load
// of `/` 0.4 KB gzip (its own chunk and the shapes only the admin and plugins use). thread-text.test.ts checks
// both write the same text. Building a formatter costs far more than using one: one per language.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** A short date and time for an ISO timestamp, in UTC ("2024/05/01 13:45", "01/05/2024, 13:45"). */
export function shortTime(iso: string | null | undefined, lang: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const locale = lang === 'en' ? 'en-GB' : 'zh-CN';
  let f = formatters.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
    });
    formatters.set(locale, f);
  }
  return f.format(d);
}

const relative = new Map<string, Intl.RelativeTimeFormat>();

/**
 * "29 minutes ago" / "29分钟前" in the page's language (the server's `diffTime` is for the original clients):
 * under a minute is `justNow`, then minutes, hours and days, and after 30 days the date.
 */
export function relativeTime(iso: string, lang: string, now: number, justNow: string): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return '';
  const s = Math.max(0, Math.floor((now - at) / 1000));
  if (s < 60) return justNow;
  if (s >= 86400 * 30) return shortTime(iso, lang).slice(0, 10);
  const locale = lang === 'en' ? 'en' : 'zh-CN';
  let f = relative.get(locale);
  if (!f) {
    f = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
    relative.set(locale, f);
  }
  if (s < 3600) return f.format(-Math.floor(s / 60), 'minute');
  if (s < 86400) return f.format(-Math.floor(s / 3600), 'hour');
  return f.format(-Math.floor(s / 86400), 'day');
}

/** A date (no time) in UTC, as `shortTime`. */
export function shortDate(iso: string | null | undefined, lang: string): string {
  return shortTime(iso, lang).slice(0, 10);
}

/** The name shown for a user card: the server names a hidden author 匿名用户 (id 0) whatever the page's language. */
export function authorName(user: { userId: number; nickname: string }, anonymous: string): string {
  return user.userId === 0 ? anonymous : user.nickname;
}
