import type { BlockContext } from '@forum/plugin-sdk/server';
import type { Actor } from '../../platform/auth/actor.js';
import type { DbOrTx } from '../../platform/db/db.js';
import type { TomRegistry } from '../threads/index.js';
import { pluginDb } from './plugin-db.js';
import { guarded, pluginActor, type HostedPlugin, type HostLog } from './plugin-host.js';

/** The group permission that lets members post a plugin's block (the original's per-plugin `canInsert`). */
export function insertPermission(appid: string): string {
  return `plugin.${appid}.insert`;
}

const blockCtx = (
  db: DbOrTx,
  inTx: boolean,
  actor: Actor,
  threadId: number,
  authorId: number,
): BlockContext => ({
  db: pluginDb(db, inTx),
  actor: pluginActor(actor),
  threadId,
  authorId,
});

/**
 * A plugin's block type in the core's registry, keyed by its appid (the original's tomId for thread plugins):
 * validated by the plugin's schema, stored with the thread, refused while the plugin is off, shown by it.
 */
export function registerBlockType(toms: TomRegistry, p: HostedPlugin, log: HostLog): void {
  const b = p.spec.blockType!;
  const { save, show } = b;
  toms.register({
    id: p.found.appid,
    name: b.name,
    permission: insertPermission(p.found.appid),
    maxBlocks: b.maxBlocks ?? 1,
    filterable: b.filterable ?? false,
    schema: b.schema,
    perViewer: b.perViewer ?? false,
    enabled: () => p.enabled,
    ...(save && {
      save: (ctx, body) =>
        guarded(p, log, () =>
          save(blockCtx(ctx.tx, true, ctx.actor, ctx.threadId, ctx.authorId), body, ctx.previous),
        ),
    }),
    ...(show && {
      show: (ctx, stored) =>
        guarded(p, log, () => show(blockCtx(ctx.db, false, ctx.actor, ctx.threadId, 0), stored)),
    }),
  });
}
