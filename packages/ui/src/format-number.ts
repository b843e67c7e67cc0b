import { localeOf, type FormatLang } from './format-time.js';

/** Counts and amounts in the page's language (format.ts gathers these with the times). */

// Building a formatter costs far more than using one: one per shape.
const numbers = new Map<string, Intl.NumberFormat>();

function numberFormat(lang: FormatLang, digits: number | null, currency: boolean) {
  const key = `${lang}|${digits ?? ''}|${currency ? 'c' : ''}`;
  let f = numbers.get(key);
  if (!f) {
    f = new Intl.NumberFormat(localeOf(lang), {
      ...(digits !== null && { minimumFractionDigits: digits, maximumFractionDigits: digits }),
      // The yuan sign in both languages ("CN¥" in English is for pages that mix currencies).
      ...(currency && { style: 'currency', currency: 'CNY', currencyDisplay: 'narrowSymbol' }),
    });
    numbers.set(key, f);
  }
  return f;
}

/** A count or figure with the language's grouping: "12,345". */
export function formatNumber(n: number | string, lang: FormatLang): string {
  const v = typeof n === 'number' ? n : Number(n);
  return Number.isFinite(v) ? numberFormat(lang, null, false).format(v) : String(n);
}

/**
 * An amount of yuan as the server sends it ("1234.5", a decimal string, so no float crept in) with two
 * decimals and grouping: "1,234.50", or "¥1,234.50" with `symbol`. A value that is not a number is shown as given.
 */
export function formatMoney(yuan: number | string, lang: FormatLang, o: { symbol?: boolean } = {}): string {
  const v = typeof yuan === 'number' ? yuan : Number(yuan);
  if (typeof yuan === 'string' && yuan.trim() === '') return '';
  return Number.isFinite(v) ? numberFormat(lang, 2, o.symbol === true).format(v) : String(yuan);
}
