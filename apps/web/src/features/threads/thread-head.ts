import type { PageHead } from '../../app/head.ts';
import type { ThreadData } from './thread-data.ts';
import { excerpt } from './thread-text.ts';

/** Head rules of a thread page: title = thread title (or the start of its text), description = excerpt, OpenGraph. */
export function threadHead(d: unknown): PageHead {
  const td = d as ThreadData | undefined;
  if (!td?.thread) return {};
  const text = td.thread.content.text;
  return {
    title: td.thread.title || excerpt(text, 30),
    description: excerpt(text, 150),
    og: { type: 'article', url: td.url },
  };
}
