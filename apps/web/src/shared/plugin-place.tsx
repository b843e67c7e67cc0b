import type { PluginTarget } from '@forum/plugin-sdk';

/**
 * A named place for plugins (spec §2 "Plugin slots"): renders nothing until the plugins issue hosts the slot
 * here, so every place a plugin may fill is already marked in the page with its target and hook name.
 */
export function PluginPlace({ target, hook }: { target: PluginTarget; hook: string }) {
  return <span hidden data-plugin-target={target} data-plugin-hook={hook} />;
}
