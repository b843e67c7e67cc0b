import { describe, expect, it } from 'vitest';
import { escapeText, htmlToText, sanitizeHtml } from './sanitize.js';
import { expectNoExecutableMarkup } from './xss-assert.js';
import { XSS_VECTORS } from './xss-vectors.js';

describe('sanitizeHtml against the XSS corpus', () => {
  it('has at least 100 vectors', () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(100);
  });

  it.each(XSS_VECTORS.map((v) => [v]))('neutralises %s', (vector) => {
    // Also idempotent: a stored value re-sanitised (or re-parsed by a browser) cannot turn into something new.
    expectNoExecutableMarkup(sanitizeHtml(vector));
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

describe('sanitizeHtml parses like a browser', () => {
  it('drops dangerous elements with their content and unwraps unknown ones keeping their text', () => {
    expect(sanitizeHtml('<p>a<script>x()</script><style>p{}</style><template>t</template>b</p>')).toBe(
      '<p>ab</p>',
    );
    expect(
      sanitizeHtml('<object data="x">fallback</object><noscript>n</noscript><svg><text>s</text></svg>'),
    ).toBe('');
    expect(sanitizeHtml('<div><font color="red">红</font><custom-el>c</custom-el></div>')).toBe('红c');
    expect(sanitizeHtml('<p>a<!-- note -->b</p>')).toBe('<p>ab</p>');
  });

  it('serialises a browser-stable form: pre newlines, carriage returns, escaped attribute brackets', () => {
    // The parser eats the first newline after <pre>, so a leading blank line must be written twice.
    expect(sanitizeHtml('<pre>\n\ncode</pre>')).toBe('<pre>\n\ncode</pre>');
    expect(sanitizeHtml('<p title="a&#13;b">x&#13;y</p>')).toBe('<p title="a\nb">x\ny</p>');
    expect(sanitizeHtml('<img alt="<b>" src="/a.png">')).toBe('<img alt="&lt;b&gt;" src="/a.png">');
  });

  it('closes what a browser closes: a stray </p>, an unclosed list, a table cell', () => {
    expect(sanitizeHtml('</p><p>x')).toBe('<p></p><p>x</p>');
    expect(sanitizeHtml('<ul><li>a<li>b')).toBe('<ul><li>a</li><li>b</li></ul>');
    expect(sanitizeHtml('<table><tr><td>c')).toBe('<table><tbody><tr><td>c</td></tr></tbody></table>');
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
