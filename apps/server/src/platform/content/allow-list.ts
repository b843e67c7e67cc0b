/**
 * What user HTML may keep (architecture §8 "content"; trust §1.2 ASVS 1.3.1): the tags, attributes, classes and
 * URL schemes the sanitiser lets through. Pure data and pure checks, so the rules read in one place.
 */

/** Elements kept as they are (their attributes still filtered). */
export const ALLOWED_TAGS: ReadonlySet<string> = new Set([
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
]);

/**
 * Elements removed together with everything inside them: code, styles, embedded documents, foreign (SVG/MathML)
 * content, raw-text containers whose text was never meant as prose, and media fallbacks. Any other element that
 * is not allowed is unwrapped: it goes, its (sanitised) children stay.
 */
export const DROPPED_WITH_CONTENT: ReadonlySet<string> = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'title',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
  'audio',
  'video',
  'head',
  'colgroup',
]);

const ALLOWED_ATTR: ReadonlySet<string> = new Set([
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
]);

const NUMERIC_ATTR: ReadonlySet<string> = new Set(['width', 'height', 'colspan', 'rowspan', 'start']);

/** Classes the site's CSS styles; anything else could imitate site chrome (fake buttons, overlays). */
const SAFE_CLASSES: ReadonlySet<string> = new Set([
  'mention',
  'topic',
  'emoji',
  'qq-emotion',
  'attachment',
  'hashtag',
]);
const SAFE_CLASS_PATTERN = /^language-[a-z0-9+#-]{1,20}$/;

/** http(s), mailto, or a scheme-less (relative) reference: anything with another scheme is dropped. */
const SAFE_LINK = /^(?:(?:https?|mailto):|[^\s:/?#]*(?:[/?#]|$))/i;
/** Images may only come from http(s) or a relative path: no data:, no mailto:. */
const SAFE_IMAGE = /^(?:https?:|[^\s:/?#]*(?:[/?#]|$))/i;
// Browsers ignore whitespace and control characters inside a scheme ("jav\tascript:"), so they are removed before
// the scheme is judged: C0 controls and space, DEL, C1 controls and no-break space, and the Unicode spaces.
const UNICODE_SPACES = /[\u1680\u180e\u2000-\u2029\u205f\u3000\ufeff]/g;

function safeUrl(value: string, pattern: RegExp): boolean {
  let squeezed = '';
  for (const ch of value.replace(UNICODE_SPACES, '')) {
    const code = ch.codePointAt(0) ?? 0;
    if (code > 0x20 && (code < 0x7f || code > 0xa0)) squeezed += ch;
  }
  return pattern.test(squeezed);
}

export interface Attr {
  name: string;
  value: string;
}

/** The attributes an allowed element keeps, in their original order; links get rel and target forced. */
export function allowedAttributes(tag: string, attrs: readonly Attr[]): Attr[] {
  const out: Attr[] = [];
  for (const { name, value } of attrs) {
    if (!ALLOWED_ATTR.has(name)) continue;
    let v = value;
    if (name === 'class') {
      v = v
        .split(/\s+/)
        .filter((c) => SAFE_CLASSES.has(c) || SAFE_CLASS_PATTERN.test(c))
        .join(' ');
      if (!v) continue;
    } else if (name === 'href') {
      if (tag !== 'a' || !safeUrl(v, SAFE_LINK)) continue;
    } else if (name === 'src') {
      if (tag !== 'img' || !safeUrl(v, SAFE_IMAGE)) continue;
    } else if (NUMERIC_ATTR.has(name) && !/^\d{1,5}$/.test(v)) {
      continue;
    }
    out.push({ name, value: v });
  }
  if (tag === 'a')
    out.push({ name: 'rel', value: 'nofollow ugc noopener' }, { name: 'target', value: '_blank' });
  return out;
}
