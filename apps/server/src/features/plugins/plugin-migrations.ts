import type { DbOrTx } from '../../platform/db/db.js';
import { discoverPlugins } from './plugin-discovery.js';
import { loadServerPart } from './plugin-host.js';
import { migrationProblem, pluginDb, statementsOf } from './plugin-db.js';

/** A plugin migration as its package ships it. */
export interface PluginMigrationSource {
  id: string;
  sql: string;
}

/**
 * The migrations of every plugin package under `dirs` (examples included), by plugin name: a restore re-runs
 * those its backup had applied. A package that does not load contributes none.
 */
export async function pluginMigrationSources(dirs: string[]): Promise<Map<string, PluginMigrationSource[]>> {
  const out = new Map<string, PluginMigrationSource[]>();
  for (const f of discoverPlugins(dirs, true).found) {
    const spec = await loadServerPart(f).catch(() => null);
    if (spec?.migrations?.length && !out.has(f.name))
      out.set(
        f.name,
        spec.migrations.map((m) => ({ id: m.id, sql: m.sql })),
      );
  }
  return out;
}

/** Runs one plugin migration's statements (checked as at load: the plugin's own tables only). */
export async function applyPluginMigration(
  db: DbOrTx,
  plugin: string,
  m: PluginMigrationSource,
): Promise<void> {
  const problem = migrationProblem(plugin, m.sql);
  if (problem) throw new Error(`plugin ${plugin} migration ${m.id}: ${problem}`);
  const q = pluginDb(db, true);
  for (const statement of statementsOf(m.sql)) await q.query(statement);
}
