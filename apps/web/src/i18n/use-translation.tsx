import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { TFunction, Translator } from './translator.ts';

const I18nContext = createContext<Translator | null>(null);

/** Gives the page its translator: one per page in the browser, a shared sealed one per render on the server. */
export function I18nProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/** `{ t, i18n }` like the components always used; re-renders when the language or the strings change. */
export function useTranslation(): { t: TFunction; i18n: Translator } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation outside <I18nProvider>');
  // `t` is a new function after every change, so it doubles as the store's snapshot.
  const t = useSyncExternalStore(i18n.subscribe, i18n.getT, i18n.getT);
  return useMemo(() => ({ t, i18n }), [t, i18n]);
}
