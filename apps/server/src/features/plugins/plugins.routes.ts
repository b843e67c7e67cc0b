import { z } from 'zod';
import {
  pluginAdminList,
  pluginOperate,
  pluginPermissionSwitch,
  pluginPublicList,
  pluginSettingsSave,
  pluginUpload,
  type PluginAdminItem,
} from '@forum/contracts';
import type { Route } from '../../platform/http/router.js';
import { readOneFile } from '../../platform/http/upload.js';
import { insertPermission } from './plugin-blocks.js';
import type { HostedPlugin } from './plugin-host.js';
import type { PluginsService } from './plugins.service.js';

/** Grants and revokes a plugin's insert permission; reads which groups hold it. */
export interface PluginGrants {
  groupsWith(permission: string): Promise<number[]>;
  set(groupId: number, permission: string, on: boolean): Promise<void>;
  /** Largest package accepted by the upload. */
  maxBytes: number;
}

/** Mounts the public plugin list and the administrator's plugin page calls. */
export function registerPluginsRoutes(route: Route, plugins: PluginsService, grants: PluginGrants): void {
  const present = async (p: HostedPlugin): Promise<PluginAdminItem> => {
    const permission = p.spec.blockType ? insertPermission(p.found.appid) : null;
    const schema = p.spec.settings?.schema;
    return {
      name: p.found.name,
      appid: p.found.appid,
      title: p.found.title,
      version: p.found.version,
      description: p.found.description,
      author: p.found.author,
      enabled: p.enabled,
      sdk: p.found.sdk,
      hasServer: p.found.serverEntry !== null,
      uploaded: plugins.isUploaded(p),
      settingsSchema: schema ? (z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>) : null,
      settings: p.settings,
      permission,
      groupIds: permission ? await grants.groupsWith(permission) : [],
    };
  };
  route(pluginPublicList, { guestCache: true, siteClosedExempt: true, payExempt: true }, async () =>
    plugins
      .all()
      .plugins.filter((p) => p.enabled)
      .map((p) => ({
        name: p.found.name,
        appid: p.found.appid,
        version: p.found.version,
        settings: plugins.publicSettings(p),
      })),
  );
  const admin = { admin: true };
  route(pluginAdminList, admin, async () => {
    const { plugins: list, broken } = plugins.all();
    return {
      plugins: await Promise.all(list.map(present)),
      broken: broken.map((b) => ({ name: b.name, problem: b.problem })),
    };
  });
  route(pluginOperate, admin, async (input) => {
    if (input.operate !== 3) return present(await plugins.setEnabled(input.name, input.operate === 1));
    const gone = await present(plugins.get(input.name));
    await plugins.uninstall(input.name);
    return { ...gone, enabled: false };
  });
  route(pluginSettingsSave, admin, async (input) =>
    present(await plugins.saveSettings(input.name, input.settings)),
  );
  route(pluginUpload, admin, async (_input, { req }) => {
    const { data } = await readOneFile(req, grants.maxBytes, 'file');
    return present(await plugins.install(data));
  });
  route(pluginPermissionSwitch, admin, async (input) => {
    const p = plugins.get(input.name);
    if (!p.spec.blockType) return present(p);
    await grants.set(input.groupId, insertPermission(p.found.appid), input.canInsert);
    return present(p);
  });
}
