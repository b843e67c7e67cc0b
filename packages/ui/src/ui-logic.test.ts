import { afterEach, describe, expect, it, vi } from 'vitest';
import { badgeText } from './badge.js';
import { avatarBadge, avatarLetter, avatarSurplus } from './avatar.js';
import { filterInputValue } from './input.js';
import { clampText, counterText } from './text-area.js';
import { TOAST_DEFAULT_DURATION, ToastStore } from './toast-store.js';

describe('badgeText', () => {
  it('shows the number up to 99 and 99+ above', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});

describe('avatar rules', () => {
  it('uses the uppercased first letter as fallback', () => {
    expect(avatarLetter('alice')).toBe('A');
    expect(avatarLetter('  bob')).toBe('B');
    expect(avatarLetter('小明')).toBe('小');
    expect(avatarLetter('')).toBe('');
  });
  it('maps user types to badges', () => {
    expect(avatarBadge(1)).toBe('like');
    expect(avatarBadge(2)).toBe('heart');
    expect(avatarBadge(3)).toBe('heart');
    expect(avatarBadge(0)).toBeNull();
  });
  it('counts the surplus beyond max', () => {
    expect(avatarSurplus(8, 5)).toBe(3);
    expect(avatarSurplus(3, 5)).toBe(0);
  });
});

describe('input filters', () => {
  it('number mode strips non-digits; trim strips whitespace', () => {
    expect(filterInputValue('a1 2-3', { mode: 'number' })).toBe('123');
    expect(filterInputValue(' a b ', { trim: true })).toBe('ab');
    expect(filterInputValue(' a b ', {})).toBe(' a b ');
  });
  it('text area enforces max and shows length/max', () => {
    expect(clampText('abcdef', 4)).toBe('abcd');
    expect(clampText('😀😀😀', 2)).toBe('😀😀');
    expect(counterText('abc', 10)).toBe('3/10');
    expect(counterText('abc', undefined)).toBe('');
  });
});

describe('ToastStore', () => {
  afterEach(() => vi.useRealTimers());
  it('auto-hides after 1500 ms by default', () => {
    vi.useFakeTimers();
    const s = new ToastStore();
    s.show('info', 'hi');
    expect(s.get()?.duration).toBe(TOAST_DEFAULT_DURATION);
    vi.advanceTimersByTime(1499);
    expect(s.get()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(s.get()).toBeNull();
  });
  it('keeps only one toast: a new one replaces the previous and its timer', () => {
    vi.useFakeTimers();
    const s = new ToastStore();
    s.show('info', 'first', { duration: 1000 });
    vi.advanceTimersByTime(900);
    s.show('success', 'second');
    vi.advanceTimersByTime(200);
    expect(s.get()?.content).toBe('second');
  });
  it('keeps loading toasts until hidden, and ignores hiding a stale id', () => {
    vi.useFakeTimers();
    const s = new ToastStore();
    const first = s.show('info', 'a');
    s.show('loading', 'wait');
    vi.advanceTimersByTime(10_000);
    s.hide(first);
    expect(s.get()?.type).toBe('loading');
    s.hide();
    expect(s.get()).toBeNull();
  });
});
