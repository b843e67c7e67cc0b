import { Code } from '@forum/contracts';
import type { Bus } from '../../platform/cache/bus.js';
import type { Db } from '../../platform/db/db.js';
import { inTransaction } from '../../platform/db/tx.js';
import { AppError } from '../../platform/http/errors.js';
import { parseStopWordLines } from './stop-words.batch.js';
import { StopWordEngine, type StopWordResult, type StopWordScope } from './stop-words.engine.js';
import {
  allStopWords,
  deleteStopWords,
  existingFinds,
  insertStopWords,
  pageStopWords,
  updateStopWord,
  type StopWordRow,
  type StopWordValues,
} from './stop-words.repository.js';

const CHANNEL = 'stop-words.changed';
const CHUNK = 500;

/** Counts reported by a batch import (reference §1.12). */
export interface StopWordBatchResult {
  created: number;
  updated: number;
  unique: number;
}

/** The stop-words engine over the stored list: cached in memory, rebuilt on every instance after a change. */
export class StopWordsService {
  private engine = new StopWordEngine([]);

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
  ) {}

  /** Loads the list and follows changes made by any instance. */
  async start(): Promise<void> {
    await this.reload();
    this.bus.subscribe(CHANNEL, () => void this.reload().catch(() => {}));
  }

  /** Recompiles the engine from the table. */
  async reload(): Promise<void> {
    const rows = await allStopWords(this.db);
    this.engine = new StopWordEngine(
      rows.map((r) => ({
        find: r.find,
        replacement: r.replacement,
        actions: {
          ugc: r.ugc,
          username: r.username,
          signature: r.signature,
          dialog: r.dialog,
          nickname: r.nickname,
        },
      })),
    );
  }

  /**
   * Every stop word as import lines, oldest first: a replaced word as `word=replacement` (the import's only
   * form for it), any other as `word={ugc}|{username}|{signature}|{dialog}|{nickname}`.
   */
  async exportLines(): Promise<string> {
    const rows = await allStopWords(this.db);
    return rows
      .map((r) =>
        r.ugc === '{REPLACE}'
          ? `${r.find}=${r.replacement}`
          : `${r.find}=${[r.ugc, r.username, r.signature, r.dialog, r.nickname].join('|')}`,
      )
      .join('\n');
  }

  /** Checks a text in a scope: the replaced text, 'ok' / 'review' / 'banned', and the words that matched. */
  check(scope: StopWordScope, text: string): StopWordResult {
    return this.engine.check(scope, text);
  }

  /** Like check, but a banned text throws -4001 naming the words (what every write path wants). */
  enforce(scope: StopWordScope, text: string): StopWordResult {
    const result = this.engine.check(scope, text);
    if (result.action === 'banned') {
      const message = {
        zh: `内容含有敏感词：${result.words.join('、')}`,
        en: `The text contains blocked words: ${result.words.join(', ')}`,
      };
      throw new AppError(Code.INVALID_PARAMETER, message, { stopWords: result.words });
    }
    return result;
  }

  /** Imports `word`, `word=repl`, `word={MOD}` ... lines; existing words are updated only with overwrite. */
  async batch(
    lines: readonly string[],
    overwrite: boolean,
    userId: number | null,
  ): Promise<StopWordBatchResult> {
    const parsed = parseStopWordLines(lines);
    const result = { created: 0, updated: 0, unique: parsed.length };
    await inTransaction(this.db, async (tx) => {
      for (let i = 0; i < parsed.length; i += CHUNK) {
        const chunk = parsed.slice(i, i + CHUNK);
        const existing = await existingFinds(
          tx,
          chunk.map((p) => p.find.toLowerCase()),
        );
        const fresh: StopWordValues[] = [];
        for (const p of chunk) {
          const values: StopWordValues = { find: p.find, replacement: p.replacement, userId, ...p.actions };
          if (!existing.has(p.find.toLowerCase())) fresh.push(values);
          else if (overwrite) {
            await updateStopWord(tx, values);
            result.updated += 1;
          }
        }
        await insertStopWords(tx, fresh);
        result.created += fresh.length;
      }
    });
    await this.changed();
    return result;
  }

  /** A page of words for the admin list. */
  list(
    keyword: string | undefined,
    page: number,
    perPage: number,
  ): Promise<{ rows: StopWordRow[]; total: number }> {
    return pageStopWords(this.db, keyword, perPage, (page - 1) * perPage);
  }

  /** Deletes words by id. */
  async remove(ids: number[]): Promise<number> {
    const n = await deleteStopWords(this.db, ids);
    await this.changed();
    return n;
  }

  private async changed(): Promise<void> {
    await this.reload();
    await this.bus.publish(CHANNEL, '1');
  }
}
