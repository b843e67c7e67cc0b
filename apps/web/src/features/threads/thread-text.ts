/** Text helpers shared by lists, detail and search; pure so they run the same on the server and in tests. */
import { formatDate, formatDateTime, formatRelative } from '@forum/ui';

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

/** A short date and time for an ISO timestamp, in UTC: the server's HTML and the hydrating browser agree. */
export function shortTime(iso: string | null | undefined, lang: string): string {
  return formatDateTime(iso, lang === 'en' ? 'en' : 'zh', { timeZone: 'UTC' });
}

/** A date (no time) in UTC, as `shortTime`. */
export function shortDate(iso: string | null | undefined, lang: string): string {
  return formatDate(iso, lang === 'en' ? 'en' : 'zh', { timeZone: 'UTC' });
}

/**
 * "29 minutes ago" / "29分钟前" in the page's language (the server's `diffTime` is for the original clients):
 * under a minute is `justNow`, then minutes, hours and days, and after 30 days the date.
 */
export function relativeTime(iso: string, lang: string, now: number, justNow: string): string {
  return formatRelative(iso, lang === 'en' ? 'en' : 'zh', now, justNow, { timeZone: 'UTC' });
}

/** The name shown for a user card: the server names a hidden author 匿名用户 (id 0) whatever the page's language. */
export function authorName(user: { userId: number; nickname: string }, anonymous: string): string {
  return user.userId === 0 ? anonymous : user.nickname;
}
