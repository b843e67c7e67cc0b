/** What a page says about itself; everything optional. */
export interface PageHead {
  title?: string;
  keywords?: string;
  description?: string;
  /** OpenGraph type and absolute URL; pages that set it get og:title/og:description/og:type/og:url. */
  og?: { type: string; url: string };
}

/** The site settings the head rules read (spec §3 setSite). */
export interface SiteHeadSettings {
  siteName?: string;
  siteKeywords?: string;
  siteIntroduction?: string;
  siteFavicon?: string;
}

/** The resolved document head. */
export interface ResolvedHead {
  title: string;
  keywords: string;
  description: string;
  favicon: string;
  /** OpenGraph tags, for pages that describe themselves to link previews (thread pages). */
  og?: { title: string; description: string; type: string; url: string };
}

/** Between the page title and the site name. */
export const TITLE_SEPARATOR = ' - ';
/** Used when the site has no favicon configured. */
export const DEFAULT_FAVICON = '/favicon.svg';

/**
 * Spec §2 head rules: title = page title + separator + site name (the welcome greeting when unset); page keywords
 * are prefixed to the site keywords; a page description overrides the site introduction (itself defaulting to the
 * welcome greeting).
 */
export function resolveHead(page: PageHead, site: SiteHeadSettings, welcome: string): ResolvedHead {
  const siteName = site.siteName?.trim() || welcome;
  const pageTitle = page.title?.trim();
  const keywords = [page.keywords?.trim(), site.siteKeywords?.trim()].filter(Boolean).join(',');
  const description = page.description?.trim() || site.siteIntroduction?.trim() || welcome;
  return {
    title: pageTitle ? `${pageTitle}${TITLE_SEPARATOR}${siteName}` : siteName,
    keywords,
    description,
    favicon: site.siteFavicon?.trim() || DEFAULT_FAVICON,
    ...(page.og ? { og: { title: pageTitle || siteName, description, ...page.og } } : {}),
  };
}

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The OpenGraph meta tags of a resolved head (empty when the page sets none). */
export function ogTags(head: ResolvedHead): string {
  if (!head.og) return '';
  return (['title', 'description', 'type', 'url'] as const)
    .map((k) => `<meta property="og:${k}" content="${escapeHtml(head.og![k])}">`)
    .join('');
}
