import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import '@forum/ui/styles.css';
import './shared/app.css';
import './shared/threads.css';
import './shared/blocks.css';
import './shared/people.css';
import './shared/my.css';
import './shared/wallet.css';
import './shared/messages.css';
import './shared/notifications.css';
import './shared/paid.css';
import './shared/redpackets.css';
import './shared/membership.css';
import './shared/cash.css';
import './shared/nav.css';
import { routes } from './app/routes.tsx';
import { loadBundle, loadShell, setBrowserTranslator } from './i18n/messages.ts';
import { Translator } from './i18n/translator.ts';
import { I18nProvider } from './i18n/use-translation.tsx';
import { pluginNavigation } from './plugins/plugin-navigation.ts';
import { pluginRegistry } from './plugins/installed-plugins.ts';
import { preloadDrawnPlugins } from './plugins/preload-views.ts';

// The server rendered lazily-loaded pages; load their modules before hydrating so the first client render matches.
async function boot(): Promise<void> {
  // Strings first: the page chunks loaded below add their namespaces to this instance as they arrive.
  const lang = document.documentElement.lang === 'en' ? 'en' : 'zh';
  const i18n = new Translator(lang, await loadShell(lang), loadBundle);
  setBrowserTranslator(i18n);
  const lazyMatches =
    matchRoutes(routes, window.location)?.filter((m) => typeof m.route.lazy === 'function') ?? [];
  await Promise.all(
    lazyMatches.map(async (m) => {
      const { beforeHydrate, ...mod } = await (m.route.lazy as () => Promise<Record<string, unknown>>)();
      // A page that splits a view off behind its own Suspense edge loads it too: an edge still waiting when
      // the viewer arrives would be redrawn from empty, and the page would jump.
      if (typeof beforeHydrate === 'function') await (beforeHydrate as () => Promise<unknown>)();
      Object.assign(m.route, { ...mod, lazy: undefined });
    }),
  );
  // Plugin views the server drew (often lazy chunks) load before hydrating too, for the same reason.
  const root = document.getElementById('root')!;
  await preloadDrawnPlugins(
    pluginRegistry,
    document.documentElement.dataset.platform === 'h5' ? 'h5' : 'pc',
    root,
  );
  const router = createBrowserRouter(routes);
  // Plugins hear navigations (spec §4); a target whose code does not load in time becomes a full page load.
  pluginNavigation.attach(router);
  hydrateRoot(
    root,
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

void boot();
