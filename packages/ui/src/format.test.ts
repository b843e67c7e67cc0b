import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatRelative } from './format.js';

const CJK = /[\u3400-\u9fff]/;
const at = '2024-05-01T00:05:07Z';
const utc = { timeZone: 'UTC' };

describe('format: the page language decides, not the browser', () => {
  it('writes dates and times in each language, in the zone asked for', () => {
    expect(formatDate(at, 'zh', utc)).toBe('2024/05/01');
    expect(formatDate(at, 'en', utc)).toBe('01/05/2024');
    expect(formatDateTime(at, 'zh', utc)).toBe('2024/05/01 00:05');
    expect(formatDateTime(at, 'en', utc)).toBe('01/05/2024, 00:05');
    expect(formatDateTime(at, 'en', { ...utc, seconds: true })).toBe('01/05/2024, 00:05:07');
    // Another zone moves the day: the zone is honoured, not the process's.
    expect(formatDate(at, 'zh', { timeZone: 'America/New_York' })).toBe('2024/04/30');
  });

  it('writes nothing for a missing or broken time', () => {
    expect(formatDate(null, 'zh')).toBe('');
    expect(formatDateTime('', 'en')).toBe('');
    expect(formatDateTime('not a date', 'en')).toBe('');
  });

  it('groups numbers and writes money with two decimals, the sign on request', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber('42', 'zh')).toBe('42');
    expect(formatMoney('1234.5', 'zh')).toBe('1,234.50');
    expect(formatMoney(3, 'en')).toBe('3.00');
    expect(formatMoney('0.1', 'en', { symbol: true })).toBe('¥0.10');
    expect(formatMoney('', 'en')).toBe('');
    expect(formatMoney('n/a', 'en')).toBe('n/a');
  });

  it('writes relative times in the page language, the date after 30 days', () => {
    const now = Date.parse('2024-06-01T12:00:00Z');
    const ago = (s: number) => new Date(now - s * 1000).toISOString();
    expect(formatRelative(ago(20), 'en', now, 'just now')).toBe('just now');
    expect(formatRelative(ago(29 * 60), 'en', now, 'just now')).toBe('29 minutes ago');
    expect(formatRelative(ago(29 * 60), 'zh', now, '刚刚')).toBe('29分钟前');
    expect(formatRelative(ago(3 * 3600), 'en', now, '')).toBe('3 hours ago');
    expect(formatRelative(ago(86400), 'zh', now, '')).toBe('1天前');
    expect(formatRelative(ago(40 * 86400), 'en', now, '', utc)).toBe('22/04/2024');
    for (const s of [5, 600, 7200, 86400 * 2, 86400 * 45]) {
      expect(formatRelative(ago(s), 'en', now, 'just now', utc)).not.toMatch(CJK);
      expect(formatRelative(ago(s), 'zh', now, '刚刚', utc)).toMatch(s >= 86400 * 30 ? /^\d{4}\// : CJK);
    }
  });
});
