/** Supported UI languages; zh is the default (spec §9). */
export type Lang = 'zh' | 'en';
/** Cookie holding the chosen language, read by the server so SSR and hydration agree. */
export const LANG_COOKIE = 'forum_lang';
/**
 * Left by the server's /preference link for a signed-in reader: sync their email language once. The contracts'
 * LANG_SYNC_COOKIE, written here because importing '@forum/contracts/constants' into the first load costs ~3.7 KB.
 */
export const LANG_SYNC_COOKIE = 'forum_lang_sync';
/** The contracts' PREFERENCE_PATH (the footer's switches as links), written here for the same reason. */
export const PREFERENCE_PATH = '/preference';

/** Normalises any value to a supported language, defaulting to Chinese. */
export function toLang(value: string | undefined | null): Lang {
  return value === 'en' ? 'en' : 'zh';
}
