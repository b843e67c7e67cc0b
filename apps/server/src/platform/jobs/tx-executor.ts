import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/db.js';

/** What pg-boss runs its statements through (its `db` option). */
export interface JobsExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * A statement with `$n` placeholders as a drizzle SQL object: each placeholder becomes a parameter carrying its
 * value, so the statement runs through the transaction's own connection (`tx.execute`), the public way.
 */
export function sqlOfText(text: string, values: unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 0) {
      if (parts[i]) chunks.push(sql.raw(parts[i]!));
    } else {
      chunks.push(sql`${values[Number(parts[i]) - 1] ?? null}`);
    }
  }
  return sql.join(chunks);
}

/** pg-boss's executor inside a forum transaction: a job sent through it commits or rolls back with `tx`. */
export function txExecutor(tx: Tx): JobsExecutor {
  return {
    executeSql: async (text, values) =>
      (await tx.execute(sqlOfText(text, values))) as unknown as { rows: Record<string, unknown>[] },
  };
}
