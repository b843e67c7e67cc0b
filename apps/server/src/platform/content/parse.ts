/**
 * Finding `#topic#`, `@nickname` and `:emoji:` in plain text (run `htmlToText` on stored HTML first).
 * Pure functions: the threads feature resolves the names against its tables.
 */

/** Longest topic name kept (the original's topics.content column is short; longer runs are prose, not tags). */
export const TOPIC_MAX_LENGTH = 20;
/** Longest nickname (the account rules cap nicknames at 15 characters). */
export const MENTION_MAX_LENGTH = 15;

// A topic is `#name#` on one line; the name has no #, no angle brackets and no line break.
const TOPIC = /#([^#\n\r<>]{1,80}?)#/g;

/**
 * Topic names in order of first appearance, trimmed, unique (case-insensitively), each 1–20 characters.
 * `#a##b#` yields a and b; `# #` and names over 20 characters are skipped (that is ordinary punctuation).
 */
export function findTopics(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const m of text.matchAll(TOPIC)) {
    const name = m[1]!.trim().replace(/\s+/g, ' ');
    if (!name || [...name].length > TOPIC_MAX_LENGTH) continue;
    const key = name.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}

// `@` must start the text or follow something that cannot be part of an e-mail local part.
const MENTION = /(^|[^A-Za-z0-9_.+\-@])@([^\s@#<>&"'`，。！？、：；,!?:;()（）[\]{}]{1,15})/g;

/**
 * Nicknames written as `@name`, unique, in order. A name ends at whitespace or punctuation (write
 * "@张三 你好"); resolve with `mentionPrefixes` when text runs on without a space ("@张三你好").
 * E-mail addresses are not mentions.
 */
export function findMentions(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(MENTION)) {
    const name = m[2]!.replace(/[.]+$/, '');
    if (name && !out.includes(name)) out.push(name);
  }
  return out;
}

/** Every prefix of a captured name, longest first, so a lookup can pick the longest nickname that exists. */
export function mentionPrefixes(name: string): string[] {
  const chars = [...name].slice(0, MENTION_MAX_LENGTH);
  const out: string[] = [];
  for (let n = chars.length; n >= 1; n--) out.push(chars.slice(0, n).join(''));
  return out;
}

const EMOJI = /:([a-z0-9_+-]{1,30}):/gi;

/** Emoji codes such as `:kelian:` (lowercased, unique), to be matched against the emoji table. */
export function findEmojiCodes(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(EMOJI)) {
    const code = `:${m[1]!.toLowerCase()}:`;
    if (!out.includes(code)) out.push(code);
  }
  return out;
}

const MENTION_SPAN = /<span\b[^>]*\bdata-type="mention"[^>]*>/g;

/** User ids of editor mention spans (`<span data-type="mention" data-id="12">`) in sanitised HTML. */
export function mentionIdsFromHtml(html: string): number[] {
  const out: number[] = [];
  for (const m of html.match(MENTION_SPAN) ?? []) {
    const id = /\bdata-id="(\d{1,12})"/.exec(m)?.[1];
    const n = id === undefined ? NaN : Number(id);
    if (Number.isSafeInteger(n) && n > 0 && !out.includes(n)) out.push(n);
  }
  return out;
}
