/**
 * When the daily digest is due, in local time. The check runs every quarter hour; a digest is due on the first
 * check of a local day at or after the digest hour, and once a day only. Comparing the local calendar day (not
 * "is it the digest hour now?") keeps one digest a day in zones with :30 and :45 offsets, on the day an hour is
 * skipped (spring forward: the first check after it sends) or repeated (fall back: the day is already done), and
 * after a restart or a missed check (it goes late rather than never).
 */

/** The local calendar day (`YYYY-MM-DD`) and hour (0-23) of `at` in `timeZone` (default: the server's). */
export function localDayHour(at: Date, timeZone?: string): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    ...(timeZone ? { timeZone } : {}),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

/** The local day whose digest is due at `at`, or null (before the digest hour, or `lastDay` done already). */
export function digestDayDue(at: Date, hour: number, lastDay: string, timeZone?: string): string | null {
  const local = localDayHour(at, timeZone);
  return local.hour >= hour && local.day !== lastDay ? local.day : null;
}
