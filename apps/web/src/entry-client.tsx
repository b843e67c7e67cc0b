import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { I18nextProvider } from 'react-i18next';
import '@forum/ui/styles.css';
import './shared/app.css';
import './shared/threads.css';
import { routes } from './app/routes.tsx';
import { createI18n } from './i18n/i18n.ts';
import { loadShell, setBrowserI18n } from './i18n/messages.ts';

// The server rendered lazily-loaded pages; load their modules before hydrating so the first client render matches.
async function boot(): Promise<void> {
  // Strings first: the page chunks loaded below add their namespaces to this instance as they arrive.
  const lang = document.documentElement.lang === 'en' ? 'en' : 'zh';
  const i18n = createI18n(lang, await loadShell(lang));
  setBrowserI18n(i18n);
  const lazyMatches =
    matchRoutes(routes, window.location)?.filter((m) => typeof m.route.lazy === 'function') ?? [];
  await Promise.all(
    lazyMatches.map(async (m) => {
      const mod = await (m.route.lazy as () => Promise<Record<string, unknown>>)();
      Object.assign(m.route, { ...mod, lazy: undefined });
    }),
  );
  const router = createBrowserRouter(routes);
  hydrateRoot(
    document.getElementById('root')!,
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

void boot();
