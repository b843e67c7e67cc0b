/** The only surface plugins see. The plugins issue adds definePlugin(), slot props and server hooks. */
export const SDK_VERSION = '0.1.0';

/** Plugin targets of the spec (§3); each names a group of slots. */
export const PLUGIN_TARGETS = [
  'plugin_system',
  'plugin_index',
  'plugin_detail',
  'plugin_post',
  'plugin_page',
  'plugin_global',
  'plugin_user',
] as const;

/** A plugin target. */
export type PluginTarget = (typeof PLUGIN_TARGETS)[number];

/** Platforms a plugin may declare (spec §5). */
export const PLUGIN_PLATFORMS = ['pc', 'h5', 'mini'] as const;
