import { installedPlugins } from 'virtual:forum-plugins';
import { createPluginRegistry, type PluginRegistry } from './plugin-registry.ts';
import { runtimeDescriptors } from './runtime-plugins.ts';

/** Descriptors of every plugin bundled into this build (a package's web entry exports one or a list). */
export function installedDescriptors(): unknown[] {
  return installedPlugins.flatMap((p) => (Array.isArray(p.ui) ? p.ui : [p.ui]));
}

/**
 * The site's plugin store, filled at module load: on the server once per process, in the browser on every page
 * load, which is the spec's "re-validated on refresh".
 */
export const pluginRegistry: PluginRegistry = createPluginRegistry(() => [
  ...installedDescriptors(),
  ...runtimeDescriptors(),
]);
pluginRegistry.refresh();
