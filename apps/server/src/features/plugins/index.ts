import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ForumServices } from '../../services.js';
import type { Route } from '../../platform/http/router.js';
import type { ThreadsFeature } from '../threads/index.js';
import { grantPermission, groupsWithPermission } from './plugins.repository.js';
import { mountPluginAssets } from './plugin-assets.js';
import { PACKAGE_MAX_BYTES } from './plugin-package.js';
import { registerPluginsRoutes } from './plugins.routes.js';
import { PluginsService } from './plugins.service.js';

/** Plugins feature (issue 11 §4–5): server plugins found, loaded, migrated, mounted and switched at runtime. */
export { pluginStates, pluginMigrations } from './plugins.table.js';
export { PluginsService } from './plugins.service.js';
export { applyPluginMigration, pluginMigrationSources } from './plugin-migrations.js';

/** First-party plugins: the repository's `plugins/` folder (the same depth from `src` and `dist`). */
const FIRST_PARTY = fileURLToPath(new URL('../../../../../plugins/', import.meta.url));

/** Where a site's plugins are found: the first-party folder, then the site's own (`DATA_DIR/plugins`). */
export function pluginDirs(dataDir: string): string[] {
  return [FIRST_PARTY, uploadDirOf(dataDir)];
}

/** Where uploaded plugins are unpacked. */
export function uploadDirOf(dataDir: string): string {
  return path.join(dataDir, 'plugins');
}

/** Loads the plugins and mounts their calls; the forum reply then says which are on. */
export async function mountPlugins(
  ctx: ForumServices & { app: FastifyInstance; route: Route },
  threads: ThreadsFeature,
): Promise<PluginsService> {
  const db = ctx.database.db;
  const plugins = new PluginsService({
    app: ctx.app,
    db,
    database: ctx.database,
    gate: ctx.gate,
    bus: ctx.bus,
    route: ctx.route,
    threads,
    log: {
      info: (m) => ctx.app.log.info(m),
      warn: (m) => ctx.app.log.warn(m),
      error: (m, err) => ctx.app.log.error({ err }, m),
    },
    clearCaches: () => ctx.guestCache.clear(),
    storage: ctx.storage,
  });
  // Tests and FORUM_EXAMPLE_PLUGINS=1 builds carry the example plugins' web parts; other sites do not.
  const examples = ctx.config.env === 'test' || process.env.FORUM_EXAMPLE_PLUGINS === '1';
  await plugins.start(pluginDirs(ctx.config.dataDir), uploadDirOf(ctx.config.dataDir), examples);
  ctx.forum.pluginStates = () =>
    Object.fromEntries(plugins.all().plugins.map((p) => [p.found.name, p.enabled]));
  ctx.forum.runtimePlugins = () =>
    plugins
      .all()
      .plugins.filter(
        (p) => p.enabled && plugins.isUploaded(p) && existsSync(path.join(p.found.dir, 'web', 'index.js')),
      )
      .map((p) => ({
        name: p.found.name,
        url: `/plugin-assets/${p.found.name}/${p.found.version}/index.js`,
      }));
  mountPluginAssets(ctx.app, (name) => {
    const p = plugins.all().plugins.find((x) => x.found.name === name);
    return p && plugins.isUploaded(p) ? path.join(p.found.dir, 'web') : null;
  });
  registerPluginsRoutes(ctx.route, plugins, {
    maxBytes: PACKAGE_MAX_BYTES,
    groupsWith: (permission) => groupsWithPermission(db, permission),
    set: async (groupId, permission, on) => {
      await grantPermission(db, groupId, permission, on);
      await ctx.groups.changed();
      await ctx.users.sessionsChanged();
    },
  });
  return plugins;
}
