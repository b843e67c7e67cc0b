import DOMPurify from 'isomorphic-dompurify';

/**
 * Server-side allow-list sanitising of user HTML (architecture §8 "content"; trust §1.2 ASVS 1.3.1).
 * Everything stored from the editor passes through `sanitizeHtml` at write time; the client never is trusted.
 */

const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'strike',
  'sub',
  'sup',
  'mark',
  'a',
  'img',
  'span',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
];

const ALLOWED_ATTR = [
  'href',
  'src',
  'alt',
  'title',
  'class',
  'width',
  'height',
  'colspan',
  'rowspan',
  'start',
  // Mention, topic, emoji and attachment markers written by the editor (plain data, never executed).
  'data-type',
  'data-id',
  'data-label',
  'data-code',
  'data-attachment-id',
];

/** Classes the site's CSS styles; anything else could imitate site chrome (fake buttons, overlays). */
const SAFE_CLASSES = new Set(['mention', 'topic', 'emoji', 'qq-emotion', 'attachment', 'hashtag']);
const SAFE_CLASS_PATTERN = /^language-[a-z0-9+#-]{1,20}$/;

/** http(s), mailto, or a scheme-less (relative) reference: anything with another scheme is dropped. */
const SAFE_LINK = /^(?:(?:https?|mailto):|[^\s:/?#]*(?:[/?#]|$))/i;
/** Images may only come from http(s) or a relative path: no data:, no mailto:. */
const SAFE_IMAGE = /^(?:https?:|[^\s:/?#]*(?:[/?#]|$))/i;
// Browsers ignore whitespace and control characters inside a scheme ("jav\tascript:").
const UNICODE_SPACES = /[\u1680\u180e\u2000-\u2029\u205f\u3000\ufeff]/g;

/** The minimal DOM surface the hooks use (the server build has no DOM lib). */
interface DomElement {
  tagName: string;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

const CONFIG = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  FORBID_ATTR: ['style'],
  FORBID_TAGS: [
    'style',
    'script',
    'svg',
    'math',
    'iframe',
    'object',
    'embed',
    'form',
    'base',
    'meta',
    'link',
  ],
  ALLOWED_URI_REGEXP: SAFE_LINK,
  SAFE_FOR_TEMPLATES: false,
  WHOLE_DOCUMENT: false,
};

// The DOMPurify instance is process-global and shared: our hooks act only while our own call runs
// (sanitising is synchronous, so the flag cannot leak into someone else's call).
let active = false;

function safeUrl(value: string, pattern: RegExp): boolean {
  let squeezed = '';
  for (const ch of value.replace(UNICODE_SPACES, '')) {
    const code = ch.codePointAt(0) ?? 0;
    if (code > 0x20 && (code < 0x7f || code > 0xa0)) squeezed += ch;
  }
  return pattern.test(squeezed);
}

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (!active || !('getAttribute' in node)) return;
  const el = node as unknown as DomElement;
  const tag = el.tagName.toLowerCase();
  const cls = el.getAttribute('class');
  if (cls !== null) {
    const kept = cls.split(/\s+/).filter((c: string) => SAFE_CLASSES.has(c) || SAFE_CLASS_PATTERN.test(c));
    if (kept.length) el.setAttribute('class', kept.join(' '));
    else el.removeAttribute('class');
  }
  const href = el.getAttribute('href');
  if (href !== null && (tag !== 'a' || !safeUrl(href, SAFE_LINK))) el.removeAttribute('href');
  const src = el.getAttribute('src');
  if (src !== null && (tag !== 'img' || !safeUrl(src, SAFE_IMAGE))) el.removeAttribute('src');
  if (tag === 'a') {
    el.setAttribute('rel', 'nofollow ugc noopener');
    el.setAttribute('target', '_blank');
  }
  for (const name of ['width', 'height', 'colspan', 'rowspan', 'start']) {
    const v = el.getAttribute(name);
    if (v !== null && !/^\d{1,5}$/.test(v)) el.removeAttribute(name);
  }
});

/** Cleans user HTML down to the allow-list: no script, no event handlers, no style, no unsafe URLs. */
export function sanitizeHtml(html: string): string {
  active = true;
  try {
    // Two passes: the second sees what a browser would re-parse, closing mutation-XSS round-trips.
    const once = DOMPurify.sanitize(html, CONFIG);
    return DOMPurify.sanitize(once, CONFIG);
  } finally {
    active = false;
  }
}

const BLOCKS = new Set([
  'p',
  'div',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'blockquote',
  'pre',
  'tr',
  'table',
]);

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const BLOCK_END = new RegExp(`</(?:${[...BLOCKS].join('|')})\\s*>|<(?:br|hr)\\b[^>]*>`, 'gi');

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code =
        e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[e.toLowerCase()] ?? m;
  });
}

/**
 * Plain text of some HTML (for excerpts, search and notifications): blocks become line breaks, emoji keep
 * their alt. String-based on purpose: it runs on every listed thread, and the DOM parser costs ~10 ms a call.
 * The result is text, never markup: whoever shows it escapes it.
 */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style|textarea|template)\b[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(
        /<img\b[^>]*?\balt\s*=\s*(?:"([^"]*)"|'([^']*)')[^>]*>/gi,
        (_m, a?: string, b?: string) => a ?? b ?? '',
      )
      .replace(BLOCK_END, '\n')
      .replace(/<\/t[dh]\s*>/gi, ' ')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n[\s]*/g, '\n')
    .trim();
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes a plain-text field (title, nickname, file name) for safe insertion into HTML. */
export function escapeText(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}
