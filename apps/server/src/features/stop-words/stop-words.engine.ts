/**
 * The stop-words matching engine (reference §1.12), pure so it is easy to test and cheap to rebuild
 * whenever the word list changes.
 */

/** What a word does in one scope. */
export type StopWordAction = '{IGNORE}' | '{REPLACE}' | '{MOD}' | '{BANNED}';
/** Where a text comes from: threads and posts (ugc), account fields, or private messages. */
export type StopWordScope = 'ugc' | 'username' | 'nickname' | 'signature' | 'dialog';
/** Every scope, in the batch-import order `{ugc}|{username}|{signature}|{dialog}|{nickname}`. */
export const STOP_WORD_SCOPES: readonly StopWordScope[] = [
  'ugc',
  'username',
  'signature',
  'dialog',
  'nickname',
];
/** Every action. */
export const STOP_WORD_ACTIONS: readonly StopWordAction[] = ['{IGNORE}', '{REPLACE}', '{MOD}', '{BANNED}'];

/** A word as the engine needs it. */
export interface StopWordRule {
  find: string;
  replacement: string;
  actions: Record<StopWordScope, string>;
}

/** The outcome of a check: the (possibly replaced) text, what to do with it, and the words that matched. */
export interface StopWordResult {
  text: string;
  action: 'ok' | 'review' | 'banned';
  words: string[];
}

interface Compiled {
  find: string;
  replacement: string;
  /** Lowercased literal runs that must all be present for the word to match (a cheap pre-filter). */
  literals: string[];
  pattern: RegExp;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const WILDCARD = /\{(\d{1,2})\}/;

/** The case-insensitive pattern of a word; `{n}` (n ≤ 99) stands for up to n arbitrary characters. */
export function wordPattern(find: string): RegExp {
  const source = find
    .split(/(\{\d{1,2}\})/)
    .map((part) => {
      const m = WILDCARD.exec(part);
      return m && m[0] === part ? `.{0,${Number(m[1])}}` : escapeRegExp(part);
    })
    .join('');
  return new RegExp(source, 'giu');
}

function compile(rule: StopWordRule): Compiled {
  return {
    find: rule.find,
    replacement: rule.replacement || '**',
    literals: rule.find
      .split(/\{\d{1,2}\}/)
      .map((s) => s.toLowerCase())
      .filter(Boolean),
    pattern: wordPattern(rule.find),
  };
}

/** A compiled word list: one bucket per scope and action, built once per change of the list. */
export class StopWordEngine {
  private readonly buckets = new Map<string, Compiled[]>();
  /** Scopes with at least one word: a text of any other scope is passed as it is, not even lowercased. */
  private readonly watched = new Set<StopWordScope>();

  constructor(rules: readonly StopWordRule[]) {
    for (const rule of rules) {
      if (!rule.find) continue;
      const compiled = compile(rule);
      for (const scope of STOP_WORD_SCOPES) {
        const action = rule.actions[scope];
        if (action === '{IGNORE}' || !STOP_WORD_ACTIONS.includes(action as StopWordAction)) continue;
        const key = `${scope}:${action}`;
        const list = this.buckets.get(key) ?? [];
        list.push(compiled);
        this.buckets.set(key, list);
        this.watched.add(scope);
      }
    }
  }

  private matches(scope: StopWordScope, action: StopWordAction, text: string, lower: string): Compiled[] {
    return (this.buckets.get(`${scope}:${action}`) ?? []).filter((w) => {
      if (!w.literals.every((l) => lower.includes(l))) return false;
      w.pattern.lastIndex = 0;
      return w.pattern.test(text);
    });
  }

  /**
   * Checks a text: any BANNED word bans it (naming those words); MOD sends ugc to review and bans in the
   * other scopes (accounts and messages have no review queue); REPLACE words are replaced.
   */
  check(scope: StopWordScope, text: string): StopWordResult {
    if (!this.watched.has(scope)) return { text, action: 'ok', words: [] };
    const lower = text.toLowerCase();
    const banned = this.matches(scope, '{BANNED}', text, lower);
    if (banned.length) return { text, action: 'banned', words: banned.map((w) => w.find) };
    const mod = this.matches(scope, '{MOD}', text, lower);
    if (mod.length && scope !== 'ugc') return { text, action: 'banned', words: mod.map((w) => w.find) };
    let out = text;
    const replaced: string[] = [];
    for (const w of this.matches(scope, '{REPLACE}', text, lower)) {
      w.pattern.lastIndex = 0;
      // A function replacement so `$&` and friends in the admin's text stay literal.
      out = out.replace(w.pattern, () => w.replacement);
      replaced.push(w.find);
    }
    const words = [...mod.map((w) => w.find), ...replaced];
    return { text: out, action: mod.length ? 'review' : 'ok', words };
  }
}
