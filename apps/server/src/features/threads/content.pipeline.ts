import { findMentions, mentionIdsFromHtml, mentionPrefixes } from '../../platform/content/parse.js';
import { htmlToText, sanitizeHtml } from '../../platform/content/sanitize.js';
import type { DbOrTx } from '../../platform/db/db.js';
import { invalid } from '../../platform/http/errors.js';
import { findPostUsers, findUsersByNames, insertMentions } from '../posts/index.js';
import { emojiImages } from '../topics/index.js';

/** The stop-words seam (features/stop-words): `enforce` throws -4001 on a banned word. */
export interface StopWordsChecker {
  enforce(scope: 'ugc', text: string): { text: string; action: 'ok' | 'review' | 'banned'; words: string[] };
}

/** Content ready to store: sanitised HTML, its plain text and the review state stop words decided. */
export interface PreparedContent {
  html: string;
  text: string;
  title: string;
  isApproved: 0 | 1;
  modWords: string;
}

/** Sanitises user HTML, applies stop words to title and body, and resolves `@` mentions. */
export class ContentPipeline {
  constructor(
    private readonly stopWords: StopWordsChecker,
    /** The site's emoji by code: their codes in a post become images. */
    private readonly emoji: () => ReadonlyMap<string, string> = () => new Map(),
  ) {}

  /** Runs the write-time pipeline; `maxText` counts plain-text characters (the original's limits). */
  prepare(rawHtml: string, rawTitle: string, maxText: number): PreparedContent {
    const title = this.stopWords.enforce('ugc', rawTitle);
    const clean = sanitizeHtml(rawHtml);
    const body = this.stopWords.enforce('ugc', clean);
    // Replacements could in theory form markup: sanitise again after them (clean output is already stable).
    const html = emojiImages(body.text === clean ? clean : sanitizeHtml(body.text), this.emoji());
    const text = htmlToText(html);
    if ([...text].length > maxText) throw invalid(`content can be at most ${maxText} characters`);
    // The words were matched in HTML; markup can split a word (毒<b></b>品), so the reader's text is checked too.
    const seen = this.stopWords.enforce('ugc', text);
    const words = [...new Set([...title.words, ...body.words, ...seen.words])];
    const review = [title, body, seen].some((r) => r.action === 'review');
    return {
      html,
      // Titles are plain text; markup characters are kept as typed and escaped by whoever renders them.
      title: [...title.text]
        .map((c) => (c.charCodeAt(0) < 32 ? ' ' : c))
        .join('')
        .trim(),
      text,
      isApproved: review ? 0 : 1,
      modWords: review ? words.join(',') : '',
    };
  }

  /** Whether a post names anyone (`@name` or an editor mention span): only then is there anything to record. */
  hasMentions(html: string, text: string): boolean {
    return findMentions(text).length > 0 || mentionIdsFromHtml(html).length > 0;
  }

  /** Resolves `@nickname` (and editor mention spans) to users and records them for notifications. */
  async recordMentions(
    tx: DbOrTx,
    postId: number,
    authorId: number,
    html: string,
    text: string,
  ): Promise<number[]> {
    const names = findMentions(text);
    const candidates = names.flatMap((n) => mentionPrefixes(n));
    const found = await findUsersByNames(tx, [...new Set(candidates)]);
    const byName = new Map<string, number>();
    for (const u of found) {
      byName.set(u.nickname, u.id);
      if (!byName.has(u.username)) byName.set(u.username, u.id);
    }
    const ids = new Set<number>();
    for (const n of names) {
      const hit = mentionPrefixes(n).find((p) => byName.has(p));
      if (hit) ids.add(byName.get(hit)!);
    }
    // Editor mention spans carry ids; keep only users that exist.
    for (const u of await findPostUsers(tx, mentionIdsFromHtml(html))) ids.add(u.id);
    ids.delete(authorId);
    await insertMentions(tx, postId, [...ids]);
    return [...ids];
  }
}
