import { describe, expect, it } from 'vitest';
import { escapeText, htmlToText, sanitizeHtml } from './sanitize.js';
import { XSS_VECTORS } from './xss-vectors.js';

const FORBIDDEN_TAGS =
  /<\s*\/?\s*(script|iframe|object|embed|base|meta|form|svg|math|style|link|frame|frameset|applet|input|button|textarea|select|template|noscript|video|audio|source|details|marquee|map|area)\b/i;

/** Every attribute left in the output (the serialiser always double-quotes values and escapes `"` inside them). */
function attributesOf(html: string): Array<[string, string]> {
  const attrs: Array<[string, string]> = [];
  for (const tag of html.match(/<[a-z][^>]*>/gi) ?? []) {
    for (const m of tag.slice(1).matchAll(/\s([^\s=>/]+)(?:="([^"]*)")?/g))
      attrs.push([m[1]!.toLowerCase(), m[2] ?? '']);
  }
  return attrs;
}

describe('sanitizeHtml against the XSS corpus', () => {
  it('has at least 100 vectors', () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(100);
  });

  it.each(XSS_VECTORS.map((v) => [v]))('neutralises %s', (vector) => {
    const out = sanitizeHtml(vector);
    expect(out).not.toMatch(/<script/i);
    expect(out).not.toMatch(FORBIDDEN_TAGS);
    for (const [name, value] of attributesOf(out)) {
      expect(name).not.toMatch(/^on/);
      expect(name).not.toMatch(
        /^(style|srcdoc|formaction|action|srcset|ping|xlink:href|background|id|name|form)$/,
      );
      if (name === 'href' || name === 'src') expect(value).not.toMatch(/^\W*(javascript|vbscript|data)/i);
    }
    expect(out).not.toMatch(/(href|src)="[^"]*(javascript|vbscript|data):/i);
    // Idempotent: a stored value re-sanitised (or re-parsed by a browser) cannot turn into something new.
    expect(sanitizeHtml(out)).toBe(out);
  });
});

describe('sanitizeHtml keeps ordinary rich text', () => {
  it('keeps paragraphs, headings, lists, quotes, code, emphasis and tables', () => {
    const html =
      '<h2>标题</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s></p><ul><li>a</li></ul><ol start="3"><li>b</li></ol>' +
      '<blockquote>q</blockquote><pre><code class="language-ts">const a = 1;</code></pre><hr>' +
      '<table><thead><tr><th>h</th></tr></thead><tbody><tr><td colspan="2">c</td></tr></tbody></table>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('forces rel and target on links and keeps http(s), mailto and relative hrefs', () => {
    expect(sanitizeHtml('<a href="https://x.cn/a?b=1">x</a>')).toBe(
      '<a href="https://x.cn/a?b=1" rel="nofollow ugc noopener" target="_blank">x</a>',
    );
    expect(sanitizeHtml('<a href="mailto:a@b.cn">m</a>')).toContain('href="mailto:a@b.cn"');
    expect(sanitizeHtml('<a href="/thread/1">r</a>')).toContain('href="/thread/1"');
    expect(sanitizeHtml('<a href="ftp://x">f</a>')).not.toContain('href');
  });

  it('keeps http(s) and relative images, drops data: and mailto: images', () => {
    expect(sanitizeHtml('<img src="/api/v3/attachments/abc" alt="a">')).toBe(
      '<img src="/api/v3/attachments/abc" alt="a">',
    );
    expect(sanitizeHtml('<img src="data:image/png;base64,AAAA">')).toBe('<img>');
    expect(sanitizeHtml('<img src="mailto:a@b.c">')).toBe('<img>');
  });

  it('keeps only whitelisted classes and editor data attributes', () => {
    expect(sanitizeHtml('<span class="mention evil" data-id="3" data-x="1">@a</span>')).toBe(
      '<span class="mention" data-id="3">@a</span>',
    );
    expect(sanitizeHtml('<span class="fixed inset-0">x</span>')).toBe('<span>x</span>');
  });

  it('drops non-numeric sizes', () => {
    expect(sanitizeHtml('<img src="/a.png" width="100%" height="20">')).toBe(
      '<img src="/a.png" height="20">',
    );
  });
});

describe('htmlToText and escapeText', () => {
  it('turns blocks into lines, keeps emoji alt text and drops script content', () => {
    expect(
      htmlToText(
        '<p>你好 <strong>世界</strong></p><p>第二段<img alt=":smile:" src="/e.gif"></p><script>x()</script>',
      ),
    ).toBe('你好 世界\n第二段:smile:');
    expect(htmlToText('<p>a &lt;b&gt; &amp; c</p>')).toBe('a <b> & c');
  });

  it('escapes the five HTML-special characters', () => {
    expect(escapeText(`<img src=x onerror="a">'&`)).toBe('&lt;img src=x onerror=&quot;a&quot;&gt;&#39;&amp;');
  });
});
