import { describe, expect, it } from 'vitest';
import { excerpt, firstImages, imagesNotInline, highlightParts, htmlToPlain } from './thread-text.ts';
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
