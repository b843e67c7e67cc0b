/**
 * Dates and times in the page's language, never the browser's (`toLocaleString()` without a locale writes a
 * Chinese page's dates in English on an English browser). Gathered with the number formatters in format.ts.
 */

/** The two UI languages. */
export type FormatLang = 'zh' | 'en';

/** The locale each UI language formats with (British English: day before month, 24-hour clock, as in zh). */
export function localeOf(lang: FormatLang): string {
  return lang === 'en' ? 'en-GB' : 'zh-CN';
}

/** Where a time is written: `undefined` is the reader's own zone; server-rendered pages pass 'UTC'. */
export interface ZoneOption {
  timeZone?: string;
}

// Building a formatter costs far more than using one (toLocaleString builds one per call): one per shape.
const dateTimes = new Map<string, Intl.DateTimeFormat>();
const relatives = new Map<FormatLang, Intl.RelativeTimeFormat>();

function dateTimeFormat(lang: FormatLang, shape: 'date' | 'minute' | 'second', zone?: string, named = false) {
  const key = `${lang}|${shape}|${zone ?? ''}|${named ? 'z' : ''}`;
  let f = dateTimes.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(localeOf(lang), {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...(shape !== 'date' && { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
      ...(shape === 'second' && { second: '2-digit' }),
      ...(named && { timeZoneName: 'short' }),
      timeZone: zone,
    });
    dateTimes.set(key, f);
  }
  return f;
}

function toDate(at: string | number | Date | null | undefined): Date | null {
  if (at === null || at === undefined || at === '') return null;
  const d = at instanceof Date ? at : new Date(at);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "2024/05/01" or "01/05/2024"; '' for a missing or invalid time. */
export function formatDate(
  at: string | number | Date | null | undefined,
  lang: FormatLang,
  o: ZoneOption = {},
) {
  const d = toDate(at);
  return d ? dateTimeFormat(lang, 'date', o.timeZone).format(d) : '';
}

/**
 * "2024/05/01 13:45" or "01/05/2024, 13:45" (with `seconds`, ":07" more; with `zoneName`, the zone's short name
 * after it, for times read across zones); '' for a missing or invalid time.
 */
export function formatDateTime(
  at: string | number | Date | null | undefined,
  lang: FormatLang,
  o: ZoneOption & { seconds?: boolean; zoneName?: boolean } = {},
): string {
  const d = toDate(at);
  const shape = o.seconds ? 'second' : 'minute';
  return d ? dateTimeFormat(lang, shape, o.timeZone, o.zoneName === true).format(d) : '';
}

/**
 * "29 minutes ago" / "29分钟前": under a minute `justNow` (the caller's catalogue word), then minutes, hours
 * and days, and from 30 days on the date (in `timeZone`).
 */
export function formatRelative(
  at: string | number | Date,
  lang: FormatLang,
  now: number,
  justNow: string,
  o: ZoneOption = {},
): string {
  const d = toDate(at);
  if (!d) return '';
  const s = Math.max(0, Math.floor((now - d.getTime()) / 1000));
  if (s < 60) return justNow;
  if (s >= 86400 * 30) return formatDate(d, lang, o);
  let f = relatives.get(lang);
  if (!f) {
    f = new Intl.RelativeTimeFormat(lang === 'en' ? 'en' : 'zh-CN', { numeric: 'always' });
    relatives.set(lang, f);
  }
  if (s < 3600) return f.format(-Math.floor(s / 60), 'minute');
  if (s < 86400) return f.format(-Math.floor(s / 3600), 'hour');
  return f.format(-Math.floor(s / 86400), 'day');
}
