import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRelative } from '@forum/ui';
import {
  authorName,
  excerpt,
  firstImages,
  imagesNotInline,
  highlightParts,
  htmlToPlain,
  relativeTime,
  shortDate,
  shortTime,
} from './thread-text.ts';
import { textToHtml } from './reply-box.tsx';

describe('thread text helpers', () => {
  it('turns sanitised HTML into plain text and cuts excerpts', () => {
    expect(htmlToPlain('<p>a &lt;b&gt;</p><p>c</p>')).toBe('a <b> c');
    expect(excerpt('<p>一二三四五</p>', 3)).toBe('一二三…');
  });
  it('finds only uploaded images', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(firstImages(`<img src="https://evil/x.png"><img src="/api/v3/attachments/${id}">`)).toEqual([
      `/api/v3/attachments/${id}`,
    ]);
  });
  it('leaves out of the gallery the images already inline in the body, by id or address', () => {
    const a = { id: 7, url: '/api/v3/attachments/a' };
    const b = { id: 8, url: '/api/v3/attachments/b' };
    const c = { id: 9, url: '/api/v3/attachments/c' };
    const html = `<p>x</p><img src="/api/v3/attachments/a" data-attachment-id="7"><img src="/api/v3/attachments/b?thumb=1">`;
    expect(imagesNotInline(html, [a, b, c])).toEqual([c]);
    expect(imagesNotInline('<p>no images</p>', [a, c])).toEqual([a, c]);
  });
  it('splits around keyword matches, case-insensitively, with regex characters taken literally', () => {
    expect(highlightParts('向日葵和Sun', '向日葵 sun')).toEqual([
      { text: '向日葵', hit: true },
      { text: '和', hit: false },
      { text: 'Sun', hit: true },
    ]);
    expect(highlightParts('a.b', '.')).toEqual([
      { text: 'a', hit: false },
      { text: '.', hit: true },
      { text: 'b', hit: false },
    ]);
  });
  it('escapes reply text before it becomes HTML', () => {
    expect(textToHtml('<img src=x onerror=1>\nx')).toBe('<p>&#60;img src=x onerror=1&#62;<br>x</p>');
  });
});

describe('the site’s time helpers', () => {
  const now = Date.parse('2024-06-01T12:00:00Z');
  const samples = [
    5,
    59,
    60,
    29 * 60,
    3600,
    5 * 3600,
    86400,
    3 * 86400,
    29 * 86400,
    30 * 86400,
    400 * 86400,
  ].map((s) => new Date(now - s * 1000).toISOString());

  it('write what @forum/ui writes for the same shapes, in both languages (one behaviour, two copies)', () => {
    for (const lang of ['zh', 'en'] as const) {
      for (const iso of [...samples, '2024-01-05T23:59:00Z']) {
        expect(shortTime(iso, lang)).toBe(formatDateTime(iso, lang, { timeZone: 'UTC' }));
        expect(shortDate(iso, lang)).toBe(formatDate(iso, lang, { timeZone: 'UTC' }));
        const justNow = lang === 'en' ? 'just now' : '刚刚';
        expect(relativeTime(iso, lang, now, justNow)).toBe(
          formatRelative(iso, lang, now, justNow, { timeZone: 'UTC' }),
        );
      }
    }
    expect(shortTime('nope', 'en')).toBe(formatDateTime('nope', 'en'));
  });

  it('follow the page language, not the browser’s', () => {
    const iso = new Date(now - 29 * 60_000).toISOString();
    expect(relativeTime(iso, 'en', now, 'just now')).toBe('29 minutes ago');
    expect(relativeTime(iso, 'zh', now, '刚刚')).toBe('29分钟前');
    expect(shortTime('2024-05-01T00:05:00Z', 'en')).toBe('01/05/2024, 00:05');
    expect(shortDate('2024-05-01T00:05:00Z', 'zh')).toBe('2024/05/01');
  });

  it('name the hidden author from the page’s catalogue', () => {
    expect(authorName({ userId: 0, nickname: '匿名用户' }, 'Anonymous')).toBe('Anonymous');
    expect(authorName({ userId: 7, nickname: 'Ming' }, 'Anonymous')).toBe('Ming');
  });
});
