import { useSyncExternalStore } from 'react';
import { formatDateTime } from '@forum/plugin-sdk';

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

/**
 * An activity's date and time in the page's language with an explicit time zone named after it, so the server
 * and the browser write the same text for the same zone. `zone` undefined: the browser's.
 */
export function activityTime(iso: string, lang: Lang, zone: string | undefined): string {
  return formatDateTime(iso, lang, { timeZone: zone, zoneName: true });
}

/** Times in the reader's own zone once hydrated; in UTC (named as such) in the server's HTML and hydration. */
export function useActivityTime(lang: Lang): (iso: string) => string {
  const zone = useHydrated() ? undefined : 'UTC';
  return (iso) => activityTime(iso, lang, zone);
}
