import { describe, expect, it } from 'vitest';
import { findEmojiCodes, findMentions, findTopics, mentionIdsFromHtml, mentionPrefixes } from './parse.js';
import { htmlToText, sanitizeHtml } from './sanitize.js';

describe('findTopics', () => {
  it('finds trimmed, unique topic names in order', () => {
    expect(findTopics('今天 #美食# 和 # 旅行 #，再来 #美食#')).toEqual(['美食', '旅行']);
    expect(findTopics('#a##b#')).toEqual(['a', 'b']);
    expect(findTopics('#Vue# and #vue#')).toEqual(['Vue']);
  });

  it('skips empty, multi-line and over-long names', () => {
    expect(findTopics('# # and #a\nb#')).toEqual([]);
    expect(findTopics(`#${'长'.repeat(21)}#`)).toEqual([]);
    expect(findTopics(`#${'长'.repeat(20)}#`)).toEqual(['长'.repeat(20)]);
  });

  it('never keeps markup in a name', () => {
    expect(findTopics('#<img src=x onerror=alert(1)>#')).toEqual([]);
  });
});

describe('findMentions', () => {
  it('finds nicknames ending at whitespace or punctuation', () => {
    expect(findMentions('@张三 你好，@lisi: hi @王五。')).toEqual(['张三', 'lisi', '王五']);
  });

  it('ignores e-mail addresses and repeats', () => {
    expect(findMentions('mail a@b.cn or @bob and @bob')).toEqual(['bob']);
  });

  it('offers prefixes for names that run on into the text', () => {
    expect(findMentions('@张三你好')).toEqual(['张三你好']);
    expect(mentionPrefixes('张三你好')).toEqual(['张三你好', '张三你', '张三', '张']);
  });
});

describe('findEmojiCodes and mentionIdsFromHtml', () => {
  it('finds emoji codes', () => {
    expect(findEmojiCodes('好 :kelian: :Smile: :kelian: 10:30:00')).toEqual([':kelian:', ':smile:', ':30:']);
  });

  it('reads mention ids from sanitised editor HTML', () => {
    const html = sanitizeHtml(
      '<p><span data-type="mention" data-id="12" class="mention">@a</span> <span data-type="mention" data-id="x">@b</span></p>',
    );
    expect(mentionIdsFromHtml(html)).toEqual([12]);
    expect(findMentions(htmlToText(html))).toEqual(['a', 'b']);
  });
});
