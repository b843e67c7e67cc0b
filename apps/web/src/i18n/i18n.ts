import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** Supported UI languages; zh is the default (spec §9). */
export type Lang = 'zh' | 'en';
/** Cookie holding the chosen language, read by the server so SSR and hydration agree. */
export const LANG_COOKIE = 'forum_lang';

/** Normalises any value to a supported language, defaulting to Chinese. */
export function toLang(value: string | undefined | null): Lang {
  return value === 'en' ? 'en' : 'zh';
}

/**
 * A fresh i18next instance per render (server) or per page (browser) holding one language's shell strings;
 * pages add theirs with `addNamespaces` (messages.ts). Resources are given up front so init is sync.
 */
export function createI18n(lang: Lang, shell: object): i18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    // No cross-language fallback: only the visitor's language is loaded, and en is typed complete against zh.
    fallbackLng: false,
    resources: { [lang]: { translation: shell } },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    showSupportNotice: false,
  });
  return instance;
}
