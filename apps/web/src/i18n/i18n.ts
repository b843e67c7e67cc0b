/** Supported UI languages; zh is the default (spec §9). */
export type Lang = 'zh' | 'en';
/** Cookie holding the chosen language, read by the server so SSR and hydration agree. */
export const LANG_COOKIE = 'forum_lang';

/** Normalises any value to a supported language, defaulting to Chinese. */
export function toLang(value: string | undefined | null): Lang {
  return value === 'en' ? 'en' : 'zh';
}
