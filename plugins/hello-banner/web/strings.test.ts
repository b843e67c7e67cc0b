import { describe, expect, it } from 'vitest';
import { defineStrings } from '@forum/plugin-sdk';
import { text } from './strings.ts';

describe('plugin strings through the SDK', () => {
  it('picks the page language and fills placeholders', () => {
    expect(text('zh', 'member', { name: '小明' })).toBe('欢迎你，小明！');
    expect(text('en', 'member', { name: 'Ming' })).toBe('Welcome, Ming!');
    expect(text('en', 'wave')).toBe('Say hello');
  });

  it('writes nothing for a missing value and fills numbers', () => {
    const t = defineStrings({ zh: { n: '{{count}} 人{{x}}' }, en: { n: '{{count}} people{{x}}' } });
    expect(t('en', 'n', { count: 3 })).toBe('3 people');
    expect(t('zh', 'n', { count: 0 })).toBe('0 人');
  });
});
