import type { PageHead } from '../app/head.ts';
import type { TFunction } from '../i18n/translator.ts';

/** What `/plugin/<path>` found. */
export interface PluginPageData {
  path: string;
  found: boolean;
}

/** Head of a plugin page; kept apart from the page so the route table does not pull the page into the entry. */
export function pluginPageHead(d: unknown, t: TFunction): PageHead {
  return (d as PluginPageData | undefined)?.found
    ? { title: t('plugin.pageTitle') }
    : { title: t('notFound.title') };
}
