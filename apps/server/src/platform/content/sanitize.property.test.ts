import { describe, expect, it } from 'vitest';
import { sanitizeHtml, sanitizeOnce } from './sanitize.js';
import { expectNoExecutableMarkup } from './xss-assert.js';
import { pick, randomHtml, rng, TAGS } from './xss-random.js';
import { XSS_VECTORS } from './xss-vectors.js';

/**
 * Property tests over seeded random markup (xss-random.ts; a failure names its seed): whatever comes in, what goes
 * out must be inert, canonical and a fixed point of the sanitiser.
 */

describe('sanitizeHtml properties', () => {
  it('makes 1500 random mis-nested documents inert, canonical and stable', () => {
    for (let seed = 1; seed <= 1500; seed++) {
      const input = randomHtml(seed);
      const out = sanitizeHtml(input);
      try {
        expectNoExecutableMarkup(out);
      } catch (e) {
        throw new Error(`seed ${seed}: ${JSON.stringify(input)} -> ${JSON.stringify(out)}\n${String(e)}`);
      }
    }
  });

  it('holds for every corpus vector nested in, and glued to, others', () => {
    const r = rng(42);
    for (const v of XSS_VECTORS) {
      const wrap = pick(r, TAGS);
      const other = pick(r, XSS_VECTORS);
      for (const input of [`<${wrap}>${v}</${wrap}>${other}`, `${other}<${wrap}>${v}`, `<p>${v}${other}`])
        expectNoExecutableMarkup(sanitizeHtml(input));
    }
  });

  it('settles markup a browser re-parses differently (unwrapped blocks, nested links, lists, headings)', () => {
    for (const input of [
      '<p><marquee><ul><li>a</li></ul></marquee></p>',
      '<a href="/1"><marquee><a href="/2">x</a></marquee></a>',
      '<li><marquee><li>x</li></marquee></li>',
      '<h1><button><h2>x</h2></button></h1>',
      '<table><tr><td><button><table><tr><td>x</td></tr></table></button></td></tr></table>',
    ]) {
      const out = sanitizeHtml(input);
      expectNoExecutableMarkup(out);
      expect(out, 'the text survives').toMatch(/>(a|x)</);
    }
    expect(sanitizeHtml('<p><marquee><ul><li>a</li></ul></marquee></p>')).toBe(
      '<p></p><ul><li>a</li></ul><p></p>',
    );
    expect(sanitizeHtml('<li><marquee><li>x</li></marquee></li>')).toBe('<li></li><li>x</li>');
  });

  it('keeps deeply nested input bounded and text intact', () => {
    const deep = `${'<span>'.repeat(5000)}deep${'</span>'.repeat(5000)}`;
    const out = sanitizeHtml(deep);
    expect(out).toContain('deep');
    expectNoExecutableMarkup(out);
    const unknown = `${'<x-a>'.repeat(20000)}文字`;
    expect(sanitizeHtml(unknown)).toBe('文字');
  });

  it('answers plain paragraphs without parsing only where the parser gives them back unchanged', () => {
    // Characters a paragraph's text may hold, the awkward ones often: quotes, tabs, LF, CJK, emoji, a lone
    // surrogate, line and paragraph separators, controls, and what the fast path must refuse (< > & nbsp CR NUL).
    const alphabet = [
      ...'aZ 文字"\'=/\t\n\u2028\u2029\u0001\u007f\ufeff😀\ud800;#',
      '<',
      '>',
      '&',
      '\u00a0',
      '\r',
      '\0',
    ];
    const r = rng(7);
    let fast = 0;
    for (let n = 0; n < 3000; n++) {
      const paragraphs = Array.from({ length: 1 + Math.floor(r() * 3) }, () => {
        const len = Math.floor(r() * 12);
        // Mostly safe characters, so that most inputs take the fast path.
        const chars = Array.from({ length: len }, () =>
          pick(r, r() < 0.97 ? alphabet.slice(0, -6) : alphabet),
        );
        return `<p>${chars.join('')}</p>`;
      });
      const input = paragraphs.join('');
      const parsed = sanitizeOnce(input);
      if (parsed === input) fast++;
      // Whatever path answered, the answer is what the parser makes of it, and stable.
      expect(sanitizeHtml(input), JSON.stringify(input)).toBe(sanitizeHtml(parsed));
      expect(sanitizeOnce(sanitizeHtml(input)), JSON.stringify(input)).toBe(sanitizeHtml(input));
    }
    expect(fast).toBeGreaterThan(2000);
  });
});
