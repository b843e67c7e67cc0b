import { data, useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { serverContext } from '../app/api.ts';
import { useSite } from '../app/site-context.tsx';
import { NotFoundView } from '../app/status-pages.tsx';
import { useTranslation } from '../i18n/use-translation.tsx';
import { pluginRegistry } from './installed-plugins.ts';
import { PluginSlot } from './plugin-slot.tsx';

import type { PluginPageData } from './plugin-page-head.ts';

/** `/plugin/<path>`: 404 unless a page plugin for the visitor's platform serves that path (spec §2). */
export function loader({ params, context }: LoaderFunctionArgs) {
  const path = params['*'] ?? '';
  const platform =
    serverContext(context)?.platform ?? (document.documentElement.dataset.platform === 'h5' ? 'h5' : 'pc');
  const found = Boolean(pluginRegistry.page(path, platform));
  return data<PluginPageData>({ path, found }, { status: found ? 200 : 404 });
}

/** The page plugin in the site frame; the not-found page when no plugin serves the path. */
export function Component() {
  const { t } = useTranslation();
  const { platform, forum } = useSite();
  const d = useLoaderData() as PluginPageData;
  const [search] = useSearchParams();
  // The platform can change after the loader ran (a pc window narrowed to h5): the registry decides again;
  // a page whose plugin the administrator switched off is not there either.
  const page = d.found ? pluginRegistry.page(d.path, platform) : undefined;
  if (!page || forum.plugins?.[page.name] === false) return <NotFoundView variant={platform} />;
  return (
    <div className={`plugin-page plugin-page--${platform}`} data-testid="plugin-page">
      <PluginSlot
        target="plugin_system"
        hook="add_page_hook"
        path={d.path}
        query={Object.fromEntries(search)}
      >
        <p className="panel muted" data-testid="plugin-page-failed">
          {t('plugin.pageFailed')}
        </p>
      </PluginSlot>
    </div>
  );
}
