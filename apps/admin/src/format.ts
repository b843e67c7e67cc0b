import { formatDate, formatDateTime, formatMoney, formatNumber } from '@forum/ui';
import { lang } from './api.ts';

/**
 * Every date, time, number and amount the admin area shows, in the language the admin chose (never the
 * browser's, which `toLocaleString()` would use), in the admin's own time zone. '' for a missing time.
 */
export const fmt = {
  /** "2024/05/01" · "01/05/2024". */
  date: (at: string | null | undefined) => formatDate(at, lang),
  /** "2024/05/01 13:45:07" · "01/05/2024, 13:45:07": logs and queues want the second. */
  dateTime: (at: string | null | undefined) => formatDateTime(at, lang, { seconds: true }),
  /** Yuan as the server sends them ("1234.5"): "1,234.50"; `symbol` adds the ¥. */
  money: (yuan: string | number, symbol = false) => formatMoney(yuan, lang, { symbol }),
  /** Counts: "12,345". */
  number: (n: number | string) => formatNumber(n, lang),
};
