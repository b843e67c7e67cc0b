import { htmlToText } from '../../platform/content/sanitize.js';
import type { FeedThread } from './feeds.repository.js';

/** Escapes text for XML element content and attribute values. */
export function xml(s: string): string {
  return (
    s
      // XML 1.0 forbids these control characters outright: drop them rather than emit an invalid feed.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** sitemap.xml (sitemaps.org 0.9): the home page and each public thread. */
export function sitemapXml(origin: string, items: FeedThread[]): string {
  const urls = [`  <url><loc>${xml(origin)}/</loc><changefreq>hourly</changefreq></url>`];
  for (const t of items) {
    urls.push(
      `  <url><loc>${xml(`${origin}/thread/${t.id}`)}</loc><lastmod>${t.updatedAt.toISOString()}</lastmod></url>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** RSS 2.0 of the latest threads; descriptions are plain-text excerpts (no markup from users). */
export function rssXml(
  origin: string,
  site: { name: string; description: string },
  items: FeedThread[],
): string {
  const entries = items.map((t) => {
    const link = `${origin}/thread/${t.id}`;
    const excerpt = htmlToText(t.content).slice(0, 200);
    return [
      '    <item>',
      `      <title>${xml(t.title || excerpt.slice(0, 40))}</title>`,
      `      <link>${xml(link)}</link>`,
      `      <guid isPermaLink="true">${xml(link)}</guid>`,
      `      <pubDate>${t.createdAt.toUTCString()}</pubDate>`,
      `      <description>${xml(excerpt)}</description>`,
      '    </item>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0">',
    '  <channel>',
    `    <title>${xml(site.name)}</title>`,
    `    <link>${xml(origin)}/</link>`,
    `    <description>${xml(site.description)}</description>`,
    ...entries,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
