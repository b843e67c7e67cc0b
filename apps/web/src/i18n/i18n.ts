/** Supported UI languages; zh is the default (spec §9). */
export type Lang = 'zh' | 'en';
/** Cookie holding the chosen language, read by the server so SSR and hydration agree. */
export const LANG_COOKIE = 'forum_lang';
/** Left by the server's /preference link for a signed-in reader: sync their email language once. */
export const LANG_SYNC_COOKIE = 'forum_lang_sync';

/** Normalises any value to a supported language, defaulting to Chinese. */
export function toLang(value: string | undefined | null): Lang {
  return value === 'en' ? 'en' : 'zh';
}
