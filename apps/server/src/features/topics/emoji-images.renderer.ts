import { escapeText, mapText } from './topic-links.renderer.js';

// The original's emoji codes: letters, digits and underscores between colons.
const CODE = /:([a-z0-9_]{1,38}):/gi;

/**
 * Turns the site's emoji codes in the TEXT of sanitised HTML (`:smile:`, as the editor's picker and the original
 * clients write them) into `<img class="emoji">` with the code as its alt, so posts show the picture and excerpts
 * keep the code. Codes the site does not know stay text; links and code are left alone.
 */
export function emojiImages(html: string, urls: ReadonlyMap<string, string>): string {
  if (!urls.size || !html.includes(':')) return html;
  return mapText(html, (text) => {
    let out = '';
    let last = 0;
    for (const m of text.matchAll(CODE)) {
      const url = urls.get(m[0].toLowerCase());
      if (url === undefined) continue;
      const code = escapeText(m[0]).replace(/"/g, '&quot;');
      out += `${escapeText(text.slice(last, m.index))}<img class="emoji" src="${escapeText(url).replace(/"/g, '&quot;')}" alt="${code}">`;
      last = m.index + m[0].length;
    }
    return out + escapeText(text.slice(last));
  });
}
