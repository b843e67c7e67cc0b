import { STOP_WORD_SCOPES, type StopWordScope } from './stop-words.engine.js';

/** One parsed line of a batch import. */
export interface ParsedStopWord {
  find: string;
  replacement: string;
  actions: Record<StopWordScope, string>;
}

/** Longest accepted word or replacement (the column width). */
export const STOP_WORD_MAX_LENGTH = 200;
/** Most lines accepted in one batch (reference §1.12). */
export const STOP_WORD_BATCH_MAX = 10_000;

const ACTION = /^\{(IGNORE|REPLACE|MOD|BANNED)\}$/i;

function ignoreAll(): Record<StopWordScope, string> {
  return {
    ugc: '{IGNORE}',
    username: '{IGNORE}',
    signature: '{IGNORE}',
    dialog: '{IGNORE}',
    nickname: '{IGNORE}',
  };
}

/**
 * Parses one import line (reference §1.12):
 * `word` → replace with `**` in ugc; `word=repl` → replace with repl; `word={MOD}` / `word={BANNED}` → that
 * action in ugc; `word={ugc}|{username}|{signature}|{dialog}|{nickname}` → one action per scope, where only
 * BANNED or IGNORE survive outside ugc. Returns null for blank or unusable lines.
 */
export function parseStopWordLine(line: string): ParsedStopWord | null {
  const raw = line.trim();
  if (!raw) return null;
  const eq = raw.indexOf('=');
  const find = (eq < 0 ? raw : raw.slice(0, eq)).trim();
  const rest = eq < 0 ? '' : raw.slice(eq + 1).trim();
  if (!find || [...find].length > STOP_WORD_MAX_LENGTH) return null;
  const actions = ignoreAll();
  let replacement = '**';
  const parts = rest.split('|').map((p) => p.trim());
  if (rest === '' || !ACTION.test(parts[0] ?? '')) {
    // A plain replacement (or none): replace in ugc only. `|` inside a replacement is kept as text.
    actions.ugc = '{REPLACE}';
    if (rest) replacement = [...rest].slice(0, STOP_WORD_MAX_LENGTH).join('');
    return { find, replacement, actions };
  }
  STOP_WORD_SCOPES.forEach((scope, i) => {
    const m = ACTION.exec(parts[i] ?? '');
    if (!m) return;
    const action = `{${m[1]!.toUpperCase()}}`;
    if (scope === 'ugc') actions.ugc = action;
    else if (action === '{BANNED}') actions[scope] = action;
  });
  return { find, replacement, actions };
}

/** Parses many lines; a later duplicate (case-insensitive) of a word wins, as a later line would overwrite. */
export function parseStopWordLines(lines: readonly string[]): ParsedStopWord[] {
  const byFind = new Map<string, ParsedStopWord>();
  for (const line of lines) {
    const parsed = parseStopWordLine(line);
    if (!parsed) continue;
    const key = parsed.find.toLowerCase();
    byFind.delete(key);
    byFind.set(key, parsed);
  }
  return [...byFind.values()];
}
