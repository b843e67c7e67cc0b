import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Jieba } from '@node-rs/jieba';
import { escapeText } from '../../platform/content/sanitize.js';

/**
 * Chinese-capable full-text search over PostgreSQL's `simple` configuration.
 *
 * Why jieba and not Intl.Segmenter (measured on this machine, 30 forum sentences × 124 queries, recall
 * against "the query is a substring of the document"): jieba `cutForSearch` for documents with `cut` for
 * queries found 124/124 at ~2.5 M chars/s; Intl.Segmenter 123/124 at ~0.5 M chars/s and, on Node 20, is
 * quadratic in the input length (32,000 chars took 3.2 s); plain jieba `cut` on both sides 109/124.
 * `cutForSearch` also emits the parts of long words (中华人民共和国 → 中华, 人民, 共和国, ...), which is
 * what lets a short query hit a long compound.
 *
 * How a table should index (threads do this; any table can):
 *   - a column `search_vector tsvector NOT NULL DEFAULT ''::tsvector`, written in the same statement as
 *     the content with `to_tsvector('simple', $1)` where $1 = `segment(title + '\n' + htmlToText(content))`
 *     (segment in the app: the database has no Chinese parser, and raw Chinese would become one token);
 *   - `CREATE INDEX ... USING gin (search_vector)`;
 *   - for substring and very short queries, `CREATE INDEX ... USING gin (title gin_trgm_ops)` (pg_trgm is
 *     created by the migration runner) and `title ILIKE '%' || $q || '%'` OR-ed with the vector match;
 *   - query with `search_vector @@ to_tsquery('simple', $2)` where $2 = `toTsQuery(q)` (skip when ''),
 *     rank with `ts_rank(search_vector, to_tsquery('simple', $2))`, and show `highlight(text, searchTerms(q))`.
 */

let loaded: Jieba | null = null;
/** Dictionary words rarer than this are left to jieba's HMM, which splits unknown words by itself. */
const MIN_WORD_FREQUENCY = 5;

/**
 * The segmenter, built on first use. The full dictionary (349,000 words) costs about 37 MB of native memory;
 * the 137,000 words seen at least five times in jieba's corpus cost about 9 MB and segment forum text the same
 * in our recall tests, since rare names and terms fall to the HMM on both the indexing and the query side. The
 * file is read here rather than through the package's `dict.js`, which also keeps a 6 MB IDF table alive.
 */
function jieba(): Jieba {
  if (!loaded) {
    const file = createRequire(import.meta.url).resolve('@node-rs/jieba/dict.txt');
    loaded = Jieba.withDict(commonWords(readFileSync(file)));
  }
  return loaded;
}

/**
 * The dictionary lines ("word frequency tag") whose frequency is at least MIN_WORD_FREQUENCY, copied byte by
 * byte: splitting the 5 MB file into 349,000 strings cost about 40 MB of heap at the moment it loads.
 */
function commonWords(dict: Buffer): Buffer {
  const out = Buffer.allocUnsafe(dict.length);
  let size = 0;
  for (let start = 0; start < dict.length;) {
    let end = dict.indexOf(10, start);
    if (end < 0) end = dict.length;
    const space = dict.indexOf(32, start);
    let freq = 0;
    for (let i = space + 1; space >= 0 && i < end && dict[i]! >= 48 && dict[i]! <= 57; i++)
      freq = freq * 10 + dict[i]! - 48;
    if (space >= 0 && space < end && freq >= MIN_WORD_FREQUENCY) {
      size += dict.copy(out, size, start, end);
      out[size++] = 10;
    }
    start = end + 1;
  }
  return out.subarray(0, size);
}

/** Longest text segmented for an index (a 50,000-character post with its title fits easily). */
export const SEGMENT_MAX_CHARS = 200_000;
const WORD = /[\p{L}\p{N}]+/gu;

/** Word pieces of a token as PostgreSQL's parser would keep them (letters and digits only, lowercased). */
function pieces(token: string): string[] {
  return token.toLowerCase().match(WORD) ?? [];
}

/** Space-separated index tokens of a text, for `to_tsvector('simple', segment(text))`. */
export function segment(text: string): string {
  const out: string[] = [];
  for (const token of jieba().cutForSearch(text.slice(0, SEGMENT_MAX_CHARS), true))
    out.push(...pieces(token));
  return out.join(' ');
}

/** The words of a search query, in order and unique (also what `highlight` marks). */
export function searchTerms(query: string): string[] {
  const out: string[] = [];
  for (const token of jieba().cut(query.slice(0, 200), true)) {
    for (const p of pieces(token)) if (!out.includes(p)) out.push(p);
  }
  return out.slice(0, 16);
}

/**
 * A `to_tsquery('simple', ...)` string for a user's query: every word required, the last one as a prefix
 * (type-ahead). Only letters and digits survive, so no tsquery operator can be injected. '' means "no words".
 */
export function toTsQuery(query: string): string {
  const terms = searchTerms(query);
  return terms.map((t, i) => (i === terms.length - 1 ? `${t}:*` : t)).join(' & ');
}

/** Options of `highlight`. */
export interface HighlightOptions {
  /** Length of the excerpt around the first match; 0 returns the whole text. */
  excerpt?: number;
}

/**
 * Safe HTML of a plain text with every term wrapped in `<mark>` (case-insensitive), cut to an excerpt
 * around the first match. The text is escaped, so nothing in it can become markup.
 */
export function highlight(text: string, terms: readonly string[], options: HighlightOptions = {}): string {
  const words = [...new Set(terms.filter(Boolean))].sort((a, b) => b.length - a.length);
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = escaped.length ? new RegExp(escaped.join('|'), 'giu') : null;
  let body = text;
  let prefix = '';
  let suffix = '';
  const size = options.excerpt ?? 0;
  if (size > 0 && text.length > size) {
    const first = pattern ? text.search(pattern) : -1;
    const start = Math.max(0, Math.min(first < 0 ? 0 : first - Math.floor(size / 4), text.length - size));
    body = text.slice(start, start + size);
    prefix = start > 0 ? '…' : '';
    suffix = start + size < text.length ? '…' : '';
  }
  if (!pattern) return prefix + escapeText(body) + suffix;
  let out = '';
  let last = 0;
  for (const m of body.matchAll(pattern)) {
    out += escapeText(body.slice(last, m.index)) + `<mark>${escapeText(m[0])}</mark>`;
    last = m.index + m[0].length;
  }
  return prefix + out + escapeText(body.slice(last)) + suffix;
}
