import { sanitizeHtml } from '../../platform/content/sanitize.js';

// A tag (quoted attribute values may hold `>`), or a run of text between tags.
const TOKEN = /<(?:[^>"']|"[^"]*"|'[^']*')*>|[^<]+|</g;
// The same shape `findTopics` reads: no #, no angle brackets, no line break.
const TOPIC = /#([^#\n\r<>]{1,80}?)#/g;
// Text inside these is never linked: an existing link (idempotent edits) or code the author quoted.
const SKIP = new Set(['a', 'code', 'pre']);

const DECODE: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: '\u00a0' };

function decode(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|nbsp);/g, (_m, e: string) => DECODE[e]!);
}

/** Escapes text for HTML (what `mapText` writers return). */
export function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

// Matches on the decoded text, as `findTopics` saw it, and escapes every piece it writes back.
function linkText(text: string, ids: ReadonlyMap<string, number>): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(TOPIC)) {
    const id = ids.get(topicKey(m[1]!));
    if (id === undefined) continue;
    out += `${escapeText(text.slice(last, m.index))}<a class="topic" href="/topic/${id}">${escapeText(m[0])}</a>`;
    last = m.index + m[0].length;
  }
  return out + escapeText(text.slice(last));
}

/** The lookup key `findTopics` would produce for a name (trimmed, spaces collapsed, lower case). */
export function topicKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Wraps each `#name#` in the TEXT of sanitised HTML as `<a class="topic" href="/topic/ID">`, for names in
 * `ids` (keyed by `topicKey`). Text already inside a link is left alone, so re-running on edited HTML never
 * double-wraps. Text is re-escaped as it is written back and the result is sanitised again.
 */
export function linkTopics(html: string, ids: ReadonlyMap<string, number>): string {
  if (!ids.size || !html.includes('#')) return html;
  return mapText(html, (text) => linkText(text, ids));
}

/**
 * Runs `write` over each run of TEXT in sanitised HTML outside links and code (decoded as the reader sees it;
 * `write` returns escaped HTML), keeps the tags as they are, and sanitises the result again.
 */
export function mapText(html: string, write: (text: string) => string): string {
  const open: string[] = [];
  let out = '';
  for (const [token] of html.matchAll(TOKEN)) {
    if (token.startsWith('<') && token.length > 1) {
      const m = /^<(\/?)([a-z0-9]+)/i.exec(token);
      const tag = m?.[2]?.toLowerCase();
      if (tag && SKIP.has(tag)) {
        const at = open.lastIndexOf(tag);
        if (!m![1]) open.push(tag);
        else if (at >= 0) open.splice(at, 1);
      }
      out += token;
      continue;
    }
    out += open.length ? token : write(decode(token));
  }
  return sanitizeHtml(out);
}
