/**
 * Test support (imported by tests only, never by runtime code): the one definition of "this stored HTML cannot run
 * script", shared by the sanitiser's unit tests and the API-level XSS tests of the threads feature.
 */
import {
  defaultTreeAdapter as tree,
  html,
  parseFragment,
  serialize,
  type DefaultTreeAdapterMap,
} from 'parse5';
import { expect } from 'vitest';
import { sanitizeHtml } from './sanitize.js';

const FORBIDDEN_TAGS =
  /<\s*\/?\s*(script|iframe|object|embed|base|meta|form|svg|math|style|link|frame|frameset|applet|input|button|textarea|select|template|noscript|video|audio|source|details|marquee|map|area)\b/i;
const FORBIDDEN_ATTR =
  /^(on|style$|srcdoc$|formaction$|action$|srcset$|ping$|xlink:href$|background$|id$|name$|form$)/;
// A scheme is what counts; a relative path that merely starts with the word ("javascript-tips") is harmless.
const UNSAFE_URL = /^\W*(javascript|vbscript|data)\W*:/i;
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** The scheme a browser would resolve the URL to (WHATWG URL parser, as the browser uses), or null if invalid. */
function protocolOf(url: string): string | null {
  try {
    return new URL(url, 'https://forum.invalid/').protocol;
  } catch {
    return null;
  }
}
// Independent of the sanitiser's own allow-list on purpose: these are the elements we accept seeing at all.
const HARMLESS_ELEMENTS = new Set(
  'p br hr h1 h2 h3 h4 h5 h6 ul ol li blockquote pre code strong b em i u s del strike sub sup mark a img span table thead tbody tfoot tr th td caption'.split(
    ' ',
  ),
);

/** Every attribute left in the output (the serialiser always double-quotes values and escapes `"`, `<`, `>`). */
function attributesOf(markup: string): Array<[string, string]> {
  const attrs: Array<[string, string]> = [];
  for (const tag of markup.match(/<[a-z][^>]*>/gi) ?? []) {
    for (const m of tag.slice(1).matchAll(/\s([^\s=>/]+)(?:="([^"]*)")?/g))
      attrs.push([m[1]!.toLowerCase(), m[2] ?? '']);
  }
  return attrs;
}

/** Parses like a browser filling a <div> with innerHTML. */
export function parseAsBrowser(markup: string): DefaultTreeAdapterMap['documentFragment'] {
  return parseFragment(tree.createElement('div', html.NS.HTML, []), markup, {});
}

/** A plain, comparable picture of a parsed tree: text `#…`, comment `!…`, element [name, namespace, attrs, children]. */
export type TreeDump = string | [string, string, Array<[string, string]>, TreeDump[]];

/** The tree parse5 builds from `markup` in a <div>, for comparison with the one a real browser builds. */
export function treeOf(markup: string): TreeDump[] {
  const walk = (node: DefaultTreeAdapterMap['childNode']): TreeDump => {
    if (tree.isTextNode(node)) return `#${node.value}`;
    if (tree.isCommentNode(node)) return `!${node.data}`;
    if (!tree.isElementNode(node)) return `?${node.nodeName}`;
    return [
      node.tagName,
      node.namespaceURI,
      node.attrs.map((a) => [a.name, a.value]),
      node.childNodes.map(walk),
    ];
  };
  return parseAsBrowser(markup).childNodes.map(walk);
}

/** Every element of a parsed tree, depth first. */
function elementsOf(root: DefaultTreeAdapterMap['parentNode']): Array<DefaultTreeAdapterMap['element']> {
  const out: Array<DefaultTreeAdapterMap['element']> = [];
  const stack = [...tree.getChildNodes(root)];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (!tree.isElementNode(node)) continue;
    out.push(node);
    stack.push(...node.childNodes);
  }
  return out;
}

/**
 * Fails unless `markup` is inert: checked both as text (what a naive filter would see) and as the tree a browser
 * builds from it (entities decoded), and it must be stable: sanitising it again or re-parsing it changes nothing.
 */
export function expectNoExecutableMarkup(markup: string): void {
  expect(markup).not.toMatch(/<script/i);
  expect(markup).not.toMatch(FORBIDDEN_TAGS);
  for (const [name, value] of attributesOf(markup)) {
    expect(name).not.toMatch(FORBIDDEN_ATTR);
    if (name === 'href' || name === 'src') expect(value).not.toMatch(UNSAFE_URL);
  }

  const parsed = parseAsBrowser(markup);
  for (const el of elementsOf(parsed)) {
    expect(el.namespaceURI, el.tagName).toBe(html.NS.HTML);
    expect(HARMLESS_ELEMENTS.has(el.tagName), `<${el.tagName}> in ${markup}`).toBe(true);
    for (const { name, value } of el.attrs) {
      expect(name).not.toMatch(FORBIDDEN_ATTR);
      if (name === 'href' || name === 'src') {
        const protocol = protocolOf(value);
        if (protocol !== null) expect(SAFE_PROTOCOLS.has(protocol), `${name}="${value}"`).toBe(true);
      }
    }
  }
  // Canonical: the stored value is exactly the serialisation of the tree a browser builds from it (so re-parsing
  // gives that same tree again), and sanitising it again changes nothing.
  for (const el of elementsOf(parsed)) {
    const first = el.childNodes[0];
    // The parser eats one newline after <pre>; serialising the tree faithfully writes it back.
    if (el.tagName === 'pre' && first && tree.isTextNode(first) && first.value.startsWith('\n'))
      first.value = `\n${first.value}`;
  }
  expect(serialize(parsed)).toBe(markup);
  expect(sanitizeHtml(markup)).toBe(markup);
}
