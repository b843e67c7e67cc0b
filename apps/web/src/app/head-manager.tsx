import { useContext, useEffect } from 'react';
import { UNSAFE_DataRouterStateContext, useMatches } from 'react-router';
import { useTranslation } from '../i18n/use-translation.tsx';
import type { TFunction } from '../i18n/translator.ts';
import { resolveHead, type PageHead, type ResolvedHead } from './head.ts';
import type { SetSite } from '@forum/contracts';
import { isNotFound } from './status-pages.tsx';

/** Route handle: a static i18n title key, or a function of the loader data for data-driven heads. */
export interface RouteHandle {
  titleKey?: string;
  /** Gets the translator too, for heads that pick a string by the data (a plugin page or not-found). */
  head?: (data: unknown, t: TFunction) => PageHead;
}

interface MatchLike {
  /** Route id, to find the route's error. */
  id?: string;
  handle?: unknown;
  data?: unknown;
  loaderData?: unknown;
}

/** The head of the deepest route that describes itself, resolved with the site settings. */
export function headForMatches(
  matches: MatchLike[],
  site: Partial<SetSite> | undefined,
  t: TFunction,
  errors?: Record<string, unknown> | null,
): ResolvedHead {
  let page: PageHead = {};
  for (const m of matches) {
    // A page that answered 404 is titled as the not-found page, whatever its own title would have been.
    if (m.id !== undefined && isNotFound(errors?.[m.id])) {
      page = { title: t('notFound.title') };
      break;
    }
    const h = m.handle as RouteHandle | undefined;
    if (h?.head) page = h.head(m.loaderData ?? m.data, t);
    else if (h?.titleKey) page = { title: t(h.titleKey) };
  }
  return resolveHead(page, site ?? {}, t('app.welcome'));
}

function setMeta(name: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.name = name;
    document.head.appendChild(el);
  }
  el.content = content;
}

function setOg(key: string, content: string | undefined) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[property="og:${key}"]`);
  if (content === undefined) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute('property', `og:${key}`);
    document.head.appendChild(el);
  }
  el.content = content;
}

/** Keeps title, keywords, description and favicon right after client-side navigations. */
export function HeadManager({ site }: { site: Partial<SetSite> | undefined }) {
  const matches = useMatches();
  const errors = useContext(UNSAFE_DataRouterStateContext)?.errors;
  const { t, i18n } = useTranslation();
  const head = headForMatches(matches, site, t, errors);
  const { title: ogTitle, description: ogDescription, type: ogType, url: ogUrl } = head.og ?? {};
  useEffect(() => {
    document.title = head.title;
    setMeta('keywords', head.keywords);
    setMeta('description', head.description);
    const icon = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (icon && icon.getAttribute('href') !== head.favicon) icon.href = head.favicon;
    setOg('title', ogTitle);
    setOg('description', ogDescription);
    setOg('type', ogType);
    setOg('url', ogUrl);
  }, [
    head.title,
    head.keywords,
    head.description,
    head.favicon,
    ogTitle,
    ogDescription,
    ogType,
    ogUrl,
    i18n.language,
  ]);
  return null;
}
