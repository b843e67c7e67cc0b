import type { i18n } from 'i18next';
import type { Lang } from './i18n.ts';

/** Page string sets loaded with their route chunk; the shell strings (zh.ts / en.ts) are loaded up front. */
export type Namespace = 'account' | 'threads' | 'editor' | 'search';

type Loader = () => Promise<object>;

// One dynamic import per language and namespace, so a visitor downloads only their language's page strings.
const loaders: Record<Lang, Record<Namespace, Loader>> = {
  zh: {
    account: () => import('./zh-account.ts').then((m) => m.zhAccount),
    threads: () => import('./zh-threads.ts').then((m) => m.zhThreads),
    editor: () => import('./zh-editor.ts').then((m) => m.zhEditor),
    search: () => import('./zh-search.ts').then((m) => m.zhSearch),
  },
  en: {
    account: () => import('./en-account.ts').then((m) => m.enAccount),
    threads: () => import('./en-threads.ts').then((m) => m.enThreads),
    editor: () => import('./en-editor.ts').then((m) => m.enEditor),
    search: () => import('./en-search.ts').then((m) => m.enSearch),
  },
};

/** Loads the shell strings of a language (the only strings in the first-load bundle's reach). */
export async function loadShell(lang: Lang): Promise<object> {
  return lang === 'en' ? (await import('./en.ts')).en : (await import('./zh.ts')).zh;
}

/**
 * Adds page namespaces to an instance. They merge into the default namespace, so keys keep their
 * `thread.title` form. Adding before render (server) and before hydration or navigation (browser) keeps both sides equal.
 */
export async function addNamespaces(instance: i18n, namespaces: readonly Namespace[]): Promise<void> {
  const lang: Lang = instance.language === 'en' ? 'en' : 'zh';
  await Promise.all(
    namespaces.map(async (ns) => {
      const bundle = await loaders[lang][ns]();
      instance.addResourceBundle(lang, 'translation', bundle, true, false);
    }),
  );
}

let browserInstance: i18n | undefined;

/** Registers the browser's single instance, so route chunks can add their strings as they load. */
export function setBrowserI18n(instance: i18n): void {
  browserInstance = instance;
}

/** Called by a route's lazy loader: in the browser adds its namespaces; on the server render() does it per request. */
export async function addRouteNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  if (browserInstance && namespaces.length) await addNamespaces(browserInstance, namespaces);
}
