import { describe, expect, it } from 'vitest';
import { digestDayDue, localDayHour } from './digest-time.js';

// The digest's local day and hour in zones with half- and quarter-hour offsets and across DST changes.

const utc = (iso: string) => new Date(`${iso}Z`);
/** Every check of a scheduler that runs each `stepMin` minutes from `from` for `hours`, offset by `phaseMin`. */
function checks(from: string, hours: number, stepMin = 15, phaseMin = 0): Date[] {
  const start = utc(from).getTime() + phaseMin * 60_000;
  return Array.from({ length: (hours * 60) / stepMin }, (_, i) => new Date(start + i * stepMin * 60_000));
}
/**
 * The checks that send, run in order as the job does (the day it sent is remembered); a first check past the
 * digest hour counts that day as sent already.
 */
function sends(at: Date[], hour: number, tz: string): Date[] {
  const first = localDayHour(at[0]!, tz);
  let last = first.hour >= hour ? first.day : '';
  const out: Date[] = [];
  for (const t of at) {
    const day = digestDayDue(t, hour, last, tz);
    if (day) {
      last = day;
      out.push(t);
    }
  }
  return out;
}

describe('local day and hour', () => {
  it('reads :30 and :45 offsets', () => {
    expect(localDayHour(utc('2026-03-10T03:29:00'), 'Asia/Kolkata')).toEqual({ day: '2026-03-10', hour: 8 });
    expect(localDayHour(utc('2026-03-10T03:30:00'), 'Asia/Kolkata')).toEqual({ day: '2026-03-10', hour: 9 });
    expect(localDayHour(utc('2026-03-10T03:15:00'), 'Asia/Kathmandu')).toEqual({
      day: '2026-03-10',
      hour: 9,
    });
    expect(localDayHour(utc('2026-03-10T18:15:00'), 'Asia/Kathmandu')).toEqual({
      day: '2026-03-11',
      hour: 0,
    });
    expect(localDayHour(utc('2026-03-10T23:30:00'), 'Pacific/Chatham').hour).toBe(13);
  });
});

describe('the digest is due once a local day at the digest hour', () => {
  it.each([
    ['Asia/Kolkata', '03:30'],
    ['Asia/Kathmandu', '03:15'],
    ['Australia/Adelaide', '23:30'],
    ['UTC', '09:00'],
  ])('%s: 09:00 local is %s UTC, every day for a week', (tz, at) => {
    // Any phase of the quarter-hour checks: the digest goes within 15 minutes of 09:00 local.
    for (const phase of [0, 7, 14]) {
      const sent = sends(checks('2026-06-01T00:00:00', 24 * 7, 15, phase), 9, tz);
      expect(sent).toHaveLength(7);
      for (const t of sent) {
        expect(localDayHour(t, tz).hour).toBe(9);
        const [h, m] = at.split(':').map(Number);
        const minutes = (t.getUTCHours() * 60 + t.getUTCMinutes() - (h! * 60 + m!) + 1440) % 1440;
        expect(minutes).toBeLessThan(15);
      }
    }
  });

  it('hourly checks at any phase still send once a day in a :45 zone', () => {
    for (const phase of [0, 20, 44, 50]) {
      const sent = sends(checks('2026-06-01T00:00:00', 24 * 7, 60, phase), 9, 'Asia/Kathmandu');
      expect(sent).toHaveLength(7);
    }
  });

  it('spring forward: a digest hour that does not exist that day goes at the first check after it', () => {
    // New York skips 02:00-03:00 local on 2026-03-08 (07:00 UTC).
    const sent = sends(checks('2026-03-07T12:00:00', 48), 2, 'America/New_York');
    expect(sent.map((t) => localDayHour(t, 'America/New_York').day)).toEqual(['2026-03-08', '2026-03-09']);
    expect(sent[0]!.toISOString()).toBe('2026-03-08T07:00:00.000Z');
  });

  it('fall back: a digest hour that happens twice sends once', () => {
    // New York repeats 01:00-02:00 local on 2026-11-01 (05:00-07:00 UTC).
    const sent = sends(checks('2026-10-31T12:00:00', 48), 1, 'America/New_York');
    expect(sent.map((t) => t.toISOString())).toEqual([
      '2026-11-01T05:00:00.000Z',
      '2026-11-02T06:00:00.000Z',
    ]);
  });

  it('a missed check (a restart) sends late, not never; the day is not sent twice', () => {
    const tz = 'Asia/Kolkata';
    expect(digestDayDue(utc('2026-03-10T03:00:00'), 9, '2026-03-09', tz)).toBeNull();
    expect(digestDayDue(utc('2026-03-10T07:00:00'), 9, '2026-03-09', tz)).toBe('2026-03-10');
    expect(digestDayDue(utc('2026-03-10T07:15:00'), 9, '2026-03-10', tz)).toBeNull();
    // Midnight as the digest hour: the first check of the local day.
    expect(digestDayDue(utc('2026-03-10T18:30:00'), 0, '2026-03-10', tz)).toBe('2026-03-11');
  });
});
