import type { Lang } from './i18n.ts';
import type { Translator } from './translator.ts';

/** Page string sets loaded with their route chunk; the shell strings (zh.ts / en.ts) are loaded up front. */
export type Namespace =
  | 'account'
  | 'threads'
  | 'editor'
  | 'search'
  | 'people'
  | 'my'
  | 'message'
  | 'notifications'
  | 'wallet'
  | 'paid'
  | 'redpackets'
  | 'membership'
  | 'cash'
  | 'phone'
  | 'security'
  | 'wechat'
  | 'email';

type Loader = () => Promise<object>;

// One dynamic import per language and namespace, so a visitor downloads only their language's page strings.
const loaders: Record<Lang, Record<Namespace, Loader>> = {
  zh: {
    account: () => import('./zh-account.ts').then((m) => m.zhAccount),
    threads: () => import('./zh-threads.ts').then((m) => m.zhThreads),
    editor: () => import('./zh-editor.ts').then((m) => m.zhEditor),
    search: () => import('./zh-search.ts').then((m) => m.zhSearch),
    people: () => import('./zh-people.ts').then((m) => m.zhPeople),
    my: () => import('./zh-my.ts').then((m) => m.zhMy),
    message: () => import('./zh-message.ts').then((m) => m.zhMessage),
    notifications: () => import('./zh-notifications.ts').then((m) => m.zhNotifications),
    wallet: () => import('./zh-wallet.ts').then((m) => m.zhWallet),
    paid: () => import('./zh-paid.ts').then((m) => m.zhPaid),
    redpackets: () => import('./zh-redpackets.ts').then((m) => m.zhRedpackets),
    membership: () => import('./zh-membership.ts').then((m) => m.zhMembership),
    cash: () => import('./zh-cash.ts').then((m) => m.zhCash),
    phone: () => import('./zh-phone.ts').then((m) => m.zhPhone),
    security: () => import('./zh-security.ts').then((m) => m.zhSecurity),
    wechat: () => import('./zh-wechat.ts').then((m) => m.zhWechat),
    email: () => import('./zh-email.ts').then((m) => m.zhEmail),
  },
  en: {
    account: () => import('./en-account.ts').then((m) => m.enAccount),
    threads: () => import('./en-threads.ts').then((m) => m.enThreads),
    editor: () => import('./en-editor.ts').then((m) => m.enEditor),
    search: () => import('./en-search.ts').then((m) => m.enSearch),
    people: () => import('./en-people.ts').then((m) => m.enPeople),
    my: () => import('./en-my.ts').then((m) => m.enMy),
    message: () => import('./en-message.ts').then((m) => m.enMessage),
    notifications: () => import('./en-notifications.ts').then((m) => m.enNotifications),
    wallet: () => import('./en-wallet.ts').then((m) => m.enWallet),
    paid: () => import('./en-paid.ts').then((m) => m.enPaid),
    redpackets: () => import('./en-redpackets.ts').then((m) => m.enRedpackets),
    membership: () => import('./en-membership.ts').then((m) => m.enMembership),
    cash: () => import('./en-cash.ts').then((m) => m.enCash),
    phone: () => import('./en-phone.ts').then((m) => m.enPhone),
    security: () => import('./en-security.ts').then((m) => m.enSecurity),
    wechat: () => import('./en-wechat.ts').then((m) => m.enWechat),
    email: () => import('./en-email.ts').then((m) => m.enEmail),
  },
};

/** Loads the shell strings of a language (the only strings in the first-load bundle's reach). */
export async function loadShell(lang: Lang): Promise<object> {
  return lang === 'en' ? (await import('./en.ts')).en : (await import('./zh.ts')).zh;
}

/**
 * The translators' loader: `shell` or a page namespace of a language. Namespaces merge into one key space,
 * so keys keep their `thread.title` form.
 */
export function loadBundle(lang: Lang, part: string): Promise<object> {
  if (part === 'shell') return loadShell(lang);
  const loader = loaders[lang][part as Namespace] as Loader | undefined;
  if (!loader) return Promise.reject(new Error(`unknown string namespace "${part}"`));
  return loader();
}

let browserTranslator: Translator | undefined;

/** Registers the browser's single translator, so route chunks can add their strings as they load. */
export function setBrowserTranslator(translator: Translator): void {
  browserTranslator = translator;
}

/**
 * Called by a route's lazy loader: in the browser adds its namespaces (before hydration or navigation, so both
 * sides render the same strings); on the server render() picks a translator holding them (server.ts).
 */
export async function addRouteNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  if (browserTranslator && namespaces.length) await browserTranslator.loadNamespaces(namespaces);
}
