import { useSyncExternalStore } from 'react';

type Lang = 'zh' | 'en';

const never = () => () => {};

/**
 * False on the server and in the first client render (hydration), true after. The page's HTML is made on a
 * server that knows neither the reader's time zone nor their locale, so text that depends on them must wait.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

// One formatter per locale and zone: building one costs far more than using it.
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * An activity's date and time with an explicit locale and time zone, so the server and the browser write the
 * same text for the same zone (`toLocaleString` uses each side's own defaults). `zone` undefined: the browser's.
 */
export function activityTime(iso: string, lang: Lang, zone: string | undefined): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const locale = lang === 'en' ? 'en-GB' : 'zh-CN';
  const key = `${locale}|${zone ?? ''}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: zone,
      timeZoneName: 'short',
    });
    formatters.set(key, f);
  }
  return f.format(d);
}

/** Times in the reader's own zone once hydrated; in UTC (named as such) in the server's HTML and hydration. */
export function useActivityTime(lang: Lang): (iso: string) => string {
  const zone = useHydrated() ? undefined : 'UTC';
  return (iso) => activityTime(iso, lang, zone);
}
