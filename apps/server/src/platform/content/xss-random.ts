/**
 * Test support (tests only): a seeded generator of hostile, often mis-nested markup mixing allowed, unwrapped and
 * dropped elements, hostile attributes and text, and pieces of the XSS corpus. Seeded so a failure is reproducible.
 */
import { XSS_VECTORS } from './xss-vectors.js';

/** mulberry32: tiny, seedable, good enough to spread test cases. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const TAGS = [
  // allowed
  ...'p a b i em strong u s li ul ol pre code span img br hr h1 h2 blockquote table caption thead tbody tr td th sub'.split(
    ' ',
  ),
  // unwrapped
  ...'div font center marquee button form select option textarea label listing nobr details summary dialog x-y custom dd dt frameset body html head'.split(
    ' ',
  ),
  // dropped with their content, foreign content and its integration points
  ...'script style template noscript iframe object embed xmp noembed noframes title svg math mtext mglyph mi foreignObject desc annotation-xml image video audio colgroup col'.split(
    ' ',
  ),
];
const ATTRS = [
  'href="javascript:alert(1)"',
  'href="https://ok.cn/a?b=1&c=<x>"',
  'href=" jav&#x09;ascript:alert(1)"',
  'href="/rel"',
  'href="data:text/html,x"',
  'src="x"',
  'src="data:image/png;base64,AA"',
  'src=`javascript:alert(1)`',
  'onerror="alert(1)"',
  'onload=alert(1)',
  'style="background:url(javascript:alert(1))"',
  'class="mention evil language-ts"',
  'data-id="7"',
  'data-x="1"',
  'title="</noscript><img src=x onerror=alert(1)>"',
  'title="a&#13;b"',
  'alt="&quot;><svg onload=alert(1)>"',
  'width="100%"',
  'colspan="2"',
  'xlink:href="javascript:alert(1)"',
  'encoding="text/html"',
  'id="x" name="y"',
];
const TEXTS = [
  'x',
  '文字',
  ' ',
  '\n',
  '\r\n',
  '&#13;',
  '&amp;',
  '&lt;script&gt;',
  '&nbsp;',
  '<',
  '</',
  '>',
  '<!--',
  '-->',
  '<![CDATA[x]]>',
  '\u0000',
  '\u2028',
  'javascript:alert(1)',
  '"',
  "'",
];

export function pick<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)]!;
}

/** Random token soup: open tags (with attributes), closes that may or may not match, text, corpus fragments. */
export function randomHtml(seed: number): string {
  const r = rng(seed);
  const open: string[] = [];
  let out = '';
  const n = 5 + Math.floor(r() * 40);
  for (let k = 0; k < n; k++) {
    const roll = r();
    if (roll < 0.35) {
      const tag = pick(r, TAGS);
      const attrs = Array.from({ length: Math.floor(r() * 3) }, () => pick(r, ATTRS));
      out += `<${tag}${attrs.map((a) => ` ${a}`).join('')}${r() < 0.05 ? '/' : ''}>`;
      open.push(tag);
    } else if (roll < 0.55 && open.length) {
      // Mostly the right close tag, sometimes a wrong or stray one (mis-nesting is where mutations hide).
      out += `</${r() < 0.7 ? open.pop() : pick(r, TAGS)}>`;
    } else if (roll < 0.9) {
      out += pick(r, TEXTS);
    } else {
      const v = pick(r, XSS_VECTORS);
      const cut = Math.floor(r() * v.length);
      out += r() < 0.5 ? v : v.slice(0, cut);
    }
  }
  return out;
}
