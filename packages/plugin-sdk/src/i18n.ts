/**
 * A plugin's strings, dates and numbers in the page's language (`site.lang`), never the browser's: the same
 * formatting the site and the admin use, so a plugin's "29 minutes ago" or "01/05/2024, 13:45" sits next to the
 * site's own in the same words.
 */
import type { FormatLang } from '@forum/ui/format';

export {
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatRelative,
  localeOf,
} from '@forum/ui/format';

/** The page's language as plugins get it in `site.lang`. */
export type PluginLang = FormatLang;

/** Values filled into `{{name}}` placeholders. */
export type StringVars = Record<string, string | number>;

/** Looks up a string in a language and fills its `{{name}}` placeholders (a missing value writes nothing). */
export type PluginText<K extends string> = (lang: PluginLang, key: K, vars?: StringVars) => string;

/**
 * A plugin's catalogue, Chinese (the site's default) and English, with the same keys in both (the types
 * refuse a key missing from either): `const text = defineStrings({ zh: {...}, en: {...} })`, then
 * `text(site.lang, 'signUp', { count: 3 })`.
 */
export function defineStrings<K extends string>(strings: {
  zh: Record<K, string>;
  en: Record<NoInfer<K>, string>;
}): PluginText<K> {
  return (lang, key, vars = {}) =>
    (strings[lang] ?? strings.zh)[key].replace(/\{\{(\w+)\}\}/g, (_, k: string) =>
      vars[k] === undefined ? '' : String(vars[k]),
    );
}
