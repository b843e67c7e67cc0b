import { z } from 'zod';
import { defineCall } from './call.js';

// Plugins on a site (issue 11 §5): what every visitor may know of them, and the administrator's plugin page.

/** An enabled plugin as every visitor sees it: the web shows only enabled plugins' slots. */
export const pluginPublic = z.object({
  name: z.string(),
  appid: z.string(),
  version: z.string(),
  /** The settings its author made public. */
  settings: z.record(z.string(), z.unknown()),
});
/** A public plugin entry. */
export type PluginPublic = z.infer<typeof pluginPublic>;

/** `GET plugin/list`: the enabled plugins (an empty list when none). */
export const pluginPublicList = defineCall({
  method: 'GET',
  path: '/api/v3/plugin/list',
  summary: 'Enabled plugins and their public settings',
  tags: ['plugins'],
  input: z.object({}),
  output: z.array(pluginPublic),
});

/** A plugin as the admin's plugin page lists it. */
export const pluginAdminItem = z.object({
  name: z.string(),
  appid: z.string(),
  title: z.string(),
  version: z.string(),
  description: z.string(),
  author: z.object({ name: z.string(), email: z.string() }),
  enabled: z.boolean(),
  /** The SDK range it asks for. */
  sdk: z.string(),
  hasServer: z.boolean(),
  /** Installed from the admin (it can be removed there); false for the plugins that come with the site. */
  uploaded: z.boolean(),
  /** JSON Schema of its settings (made from its zod schema), or null when it has none. */
  settingsSchema: z.record(z.string(), z.unknown()).nullable(),
  settings: z.record(z.string(), z.unknown()),
  /** Its block type's insert permission (`plugin.<appid>.insert`), or null when it adds no block type. */
  permission: z.string().nullable(),
  /** Groups holding that permission. */
  groupIds: z.array(z.number().int()),
});
/** One plugin in the admin. */
export type PluginAdminItem = z.infer<typeof pluginAdminItem>;

/** `GET backAdmin/plugin/list`: every plugin found, and those that could not load with the reason. */
export const pluginAdminList = defineCall({
  method: 'GET',
  path: '/api/backAdmin/plugin/list',
  summary: 'Plugins (admin)',
  tags: ['admin', 'plugins'],
  input: z.object({}),
  output: z.object({
    plugins: z.array(pluginAdminItem),
    broken: z.array(z.object({ name: z.string(), problem: z.string() })),
  }),
});

const nameField = z.string().trim().min(1, { message: 'name is required' }).max(100);

/**
 * `POST backAdmin/plugin/operate`: 1 publish (enable), 2 take offline (disable), 3 uninstall (only plugins
 * installed from the admin; their tables and settings stay, so installing it again finds its data).
 */
export const pluginOperate = defineCall({
  method: 'POST',
  path: '/api/backAdmin/plugin/operate',
  summary: 'Enable or disable a plugin (admin)',
  tags: ['admin', 'plugins'],
  input: z.object({
    name: nameField,
    operate: z.union([z.literal(1), z.literal(2), z.literal(3)], {
      message: 'operate is 1 (enable), 2 (disable) or 3 (uninstall)',
    }),
  }),
  output: pluginAdminItem,
});

/** `POST backAdmin/plugin/settings`: saves settings, checked by the plugin's own schema. */
export const pluginSettingsSave = defineCall({
  method: 'POST',
  path: '/api/backAdmin/plugin/settings',
  summary: "Save a plugin's settings (admin)",
  tags: ['admin', 'plugins'],
  input: z.object({ name: nameField, settings: z.record(z.string(), z.unknown()) }),
  output: pluginAdminItem,
});

/** `POST backAdmin/plugin/permission.switch`: lets a group insert the plugin's block, or not. */
export const pluginPermissionSwitch = defineCall({
  method: 'POST',
  path: '/api/backAdmin/plugin/permission.switch',
  summary: "Grant or revoke a plugin's insert permission for a group (admin)",
  tags: ['admin', 'plugins'],
  input: z.object({
    name: nameField,
    groupId: z.number({ message: 'groupId must be a number' }).int().min(1),
    canInsert: z.boolean({ message: 'canInsert must be true or false' }),
  }),
  output: pluginAdminItem,
});

/**
 * `POST backAdmin/plugin/upload` (multipart `file`, a zip): installs a plugin while the site runs. Its server part
 * is loaded and migrated at once; browsers load its web part (`web/index.js`) on their next page.
 */
export const pluginUpload = defineCall({
  method: 'POST',
  path: '/api/backAdmin/plugin/upload',
  summary: 'Install a plugin package (admin)',
  tags: ['admin', 'plugins'],
  input: z.object({}),
  output: pluginAdminItem,
});
