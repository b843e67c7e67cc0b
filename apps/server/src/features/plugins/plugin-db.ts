import { sql, type SQL } from 'drizzle-orm';
import type { PluginDb } from '@forum/plugin-sdk/server';
import { rowsOf, type DbOrTx } from '../../platform/db/db.js';
import { inTransaction } from '../../platform/db/tx.js';

/** `text` with `$1`, `$2` ... placeholders as a parameterised statement (values are never spliced in). */
export function toSql(text: string, params: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = parts.map((p, i) => (i % 2 === 0 ? sql.raw(p) : sql`${params[Number(p) - 1]}`));
  return sql.join(chunks);
}

/**
 * The database as a plugin sees it: parameterised SQL and transactions. Inside a transaction (`inTx`) a nested
 * `transaction` joins it, so a block type's `save` and the thread write commit or fail together.
 */
export function pluginDb(db: DbOrTx, inTx = false): PluginDb {
  const self: PluginDb = {
    query: <T>(text: string, params: unknown[] = []) => rowsOf<T>(db, toSql(text, params)),
    transaction: <T>(fn: (tx: PluginDb) => Promise<T>) =>
      inTx
        ? fn(self)
        : inTransaction(db as Parameters<typeof inTransaction>[0], (tx) => fn(pluginDb(tx, true))),
  };
  return self;
}

/** Plugin tables must carry the plugin's prefix: `create table plugin_<name>_...` (checked before running). */
export function migrationProblem(plugin: string, text: string): string | null {
  const prefix = `plugin_${plugin.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_`;
  const ddl =
    /\b(create|alter|drop)\s+(table|index|unique\s+index|sequence|view)\s+(if\s+(not\s+)?exists\s+)?("?)([a-z0-9_.]+)\5/gi;
  for (const m of text.matchAll(ddl)) {
    const kind = m[2]!.toLowerCase();
    const name = m[6]!.toLowerCase();
    // An index is named freely but must be on the plugin's own table (checked by the `on` clause below).
    if (kind.includes('index')) continue;
    if (!name.startsWith(prefix)) return `${m[1]} ${kind} ${name}: plugin tables are named ${prefix}...`;
  }
  for (const m of text.matchAll(/\bon\s+("?)([a-z0-9_.]+)\1\s*\(/gi)) {
    if (!m[2]!.toLowerCase().startsWith(prefix)) return `index on ${m[2]}: only the plugin's own tables`;
  }
  return null;
}

/**
 * A migration's statements: split at a semicolon that ends a line (queries go one statement at a time, as
 * prepared statements must), so a semicolon inside a line (a string, a function body) stays where it is.
 */
export function statementsOf(text: string): string[] {
  return text
    .split(/;[ \t]*(?:\r?\n|$)/)
    .map((s) => s.trim())
    .filter(Boolean);
}
