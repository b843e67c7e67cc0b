import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';
import { zh } from './zh.ts';

/** Supported UI languages; zh is the default (spec §9). */
export type Lang = 'zh' | 'en';
/** Cookie holding the chosen language, read by the server so SSR and hydration agree. */
export const LANG_COOKIE = 'forum_lang';

/** Normalises any value to a supported language, defaulting to Chinese. */
export function toLang(value: string | undefined | null): Lang {
  return value === 'en' ? 'en' : 'zh';
}

/** A fresh i18next instance per render (server) or per page (browser); resources are bundled so init is sync. */
export function createI18n(lang: Lang): i18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'zh',
    resources: { zh: { translation: zh }, en: { translation: en } },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    showSupportNotice: false,
  });
  return instance;
}
