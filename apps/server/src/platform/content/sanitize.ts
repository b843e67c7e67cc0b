import {
  defaultTreeAdapter as tree,
  html,
  parseFragment,
  serialize,
  type DefaultTreeAdapterMap,
} from 'parse5';
import { ALLOWED_TAGS, allowedAttributes, DROPPED_WITH_CONTENT } from './allow-list.js';

/**
 * Server-side allow-list sanitising of user HTML (architecture §8 "content"; trust §1.2 ASVS 1.3.1).
 * Everything stored from the editor passes through `sanitizeHtml` at write time; the client never is trusted.
 *
 * Why parse5 and not DOMPurify: the reference used DOMPurify, which needs a DOM, i.e. jsdom on the server
 * (~17 ms for a short reply, ~1 s for a 65 KB post, ~100 MB of RSS just to load). parse5 is the WHATWG parser
 * jsdom itself uses, so the input is read exactly as a browser reads it, without the DOM around it. We walk that
 * tree ourselves against the allow-list (allow-list.ts) and build a new one. Mutation XSS (markup that a browser
 * re-parses into something else) is closed by iterating to a fixed point: the result is returned only once
 * sanitising it again changes nothing, i.e. what the browser parses is exactly the tree we checked.
 */

type ParentNode = DefaultTreeAdapterMap['parentNode'];
type ChildNode = DefaultTreeAdapterMap['childNode'];

/** Deeper input is flattened to text: recursion stays bounded and far below browsers' own depth limit (512). */
const MAX_DEPTH = 200;
/** Passes before giving up on markup; real input settles in one or two. */
const MAX_PASSES = 4;

// Fragments are parsed as the page parses them: inside a <div> (innerHTML of the content container).
const CONTEXT = tree.createElement('div', html.NS.HTML, []);

// The input stream turns CR and CRLF into LF; text from `&#13;` must do the same or it changes on re-parse.
const normalise = (s: string) => s.replace(/\r\n?/g, '\n');

function kept(node: ChildNode): node is DefaultTreeAdapterMap['element'] {
  return (
    tree.isElementNode(node) && node.namespaceURI === html.NS.HTML && !DROPPED_WITH_CONTENT.has(node.tagName)
  );
}

/** The text under a node, minus dropped elements (iterative: used where the tree is too deep to recurse). */
function textOf(root: ParentNode): string {
  let out = '';
  const stack: ChildNode[] = [...tree.getChildNodes(root)].reverse();
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (tree.isTextNode(node)) out += node.value;
    else if (kept(node)) stack.push(...[...node.childNodes].reverse());
  }
  return out;
}

function appendText(into: ParentNode, text: string): void {
  if (text) tree.insertText(into, normalise(text));
}

/** Copies the allowed part of `from`'s children into `into`: allowed elements kept, others unwrapped or dropped. */
function copyClean(from: ParentNode, into: ParentNode, depth: number): void {
  for (const node of tree.getChildNodes(from)) {
    // Comments, doctypes, foreign (SVG/MathML) content and dropped elements leave nothing behind.
    if (tree.isTextNode(node)) appendText(into, node.value);
    else if (!kept(node)) continue;
    else if (depth >= MAX_DEPTH) appendText(into, textOf(node));
    else if (!ALLOWED_TAGS.has(node.tagName)) copyClean(node, into, depth + 1);
    else {
      const attrs = node.attrs.map((a) => ({ name: a.name, value: normalise(a.value) }));
      const el = tree.createElement(node.tagName, html.NS.HTML, allowedAttributes(node.tagName, attrs));
      tree.appendChild(into, el);
      copyClean(node, el, depth + 1);
      // The parser drops one newline right after <pre>: a leading one in the text must be written twice.
      const first = el.childNodes[0];
      if (node.tagName === 'pre' && first && tree.isTextNode(first) && first.value.startsWith('\n'))
        first.value = `\n${first.value}`;
    }
  }
}

/** One pass of the parser and the allow-list (exported for the test that holds the fast path to it). */
export function sanitizeOnce(input: string): string {
  const out = tree.createDocumentFragment();
  copyClean(parseFragment(CONTEXT, input, {}), out, 0);
  return serialize(out);
}

/**
 * Paragraphs of plain text (what the editor sends for most replies): parsing them gives `<p>` elements with
 * text children, which serialise back to the same characters, so they are already clean and stable. Excluded
 * are exactly the characters the parser or serialiser would change: markup and entities (`<`, `>`, `&`), the
 * no-break space (written back as `&nbsp;`), CR (read as LF) and NUL (dropped).
 */
const PLAIN_PARAGRAPHS = /^(?:<p>[^<>&\u00a0\r\0]*<\/p>)+$/;

/** Cleans user HTML down to the allow-list: no script, no event handlers, no style, no unsafe URLs. */
export function sanitizeHtml(input: string): string {
  if (PLAIN_PARAGRAPHS.test(input)) return input;
  let current = input;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = sanitizeOnce(current);
    if (next === current) return next;
    current = next;
  }
  // Markup that keeps changing on re-parse is hostile: keep its text only (text alone always round-trips).
  const out = tree.createDocumentFragment();
  appendText(out, textOf(parseFragment(CONTEXT, current, {})));
  return serialize(out);
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
