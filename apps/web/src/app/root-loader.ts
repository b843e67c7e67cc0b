import { data, type LoaderFunctionArgs } from 'react-router';
import type { ForumData } from '@forum/contracts';
import { toLang, type Lang } from '../i18n/i18n.ts';
import { apiFrom, serverContext, type Theme } from './api.ts';
import type { Platform } from './platform.ts';

/** Data every page shares: site settings, the actor, and the render preferences. */
export interface RootData {
  forum: ForumData;
  platform: Platform;
  lang: Lang;
  theme: Theme;
  origin: string;
  /** 'group': rendered for the viewer's whole group; their own facts arrive as the viewer overlay. */
  viewer?: 'group';
}

/** Loads `GET forum` (site settings, permissions, current user); failure shows the fallback error page. */
export async function rootLoader({ context, request }: LoaderFunctionArgs): Promise<RootData> {
  // Contracts pull in zod; importing them lazily keeps it out of the first-load bundle.
  const [api, { forum }] = await Promise.all([apiFrom(context), import('@forum/contracts')]);
  const res = await api.call(forum, {}, { signal: request.signal });
  if (res.Code !== 0 || !res.Data) {
    throw data({ reason: 'siteInfo', message: res.Message }, { status: 503 });
  }
  const server = serverContext(context);
  if (server) {
    return {
      forum: res.Data,
      platform: server.platform,
      lang: server.lang,
      theme: server.theme,
      origin: server.origin,
      ...(server.shared && { viewer: 'group' as const }),
    };
  }
  // In the browser the preferences already live on <html>; keep them across revalidations.
  const html = document.documentElement;
  return {
    forum: res.Data,
    platform: html.dataset.platform === 'h5' ? 'h5' : 'pc',
    lang: toLang(html.lang === 'en' ? 'en' : 'zh'),
    theme: html.dataset.theme === 'dark' ? 'dark' : 'light',
    origin: window.location.origin,
  };
}
