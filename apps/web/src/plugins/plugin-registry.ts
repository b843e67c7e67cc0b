import { createElement, type ElementType, type FunctionComponent } from 'react';
import { validatePluginDescriptor } from '@forum/contracts/plugin-rules';
import { findSlot, type SlotSpec } from '@forum/plugin-sdk';

/** The layouts plugins can be registered for; 'mini' plugins are valid but never kept by the web. */
export type WebPlatform = 'pc' | 'h5';

/** One descriptor registered in one slot (a descriptor with a list of targets gives one entry per target). */
export interface RegisteredPlugin {
  name: string;
  /** The descriptor's appid: the tomId of the blocks it stores in threads. */
  appid: string | number;
  key: string;
  slot: SlotSpec;
  platforms: readonly string[];
  priority: number;
  path?: string;
  /** Renders the plugin's component; its function name carries the plugin name into React's component stacks. */
  Render: FunctionComponent<Record<string, unknown>>;
  /** The descriptor's own component (often React.lazy), so the browser can load it before hydrating. */
  component: unknown;
}

/** The web store of plugins (spec §4): checked descriptors by slot, re-checked on refresh. */
export interface PluginRegistry {
  /** Re-validates every stored descriptor and takes in new ones; an invalid one is removed with a warning. */
  refresh(): void;
  /** The plugins of a slot for a platform, highest priority first. */
  forSlot(key: string, platform: WebPlatform): readonly RegisteredPlugin[];
  /** The page plugin serving `/plugin/<path>` on a platform, if any. */
  page(path: string, platform: WebPlatform): RegisteredPlugin | undefined;
}

/** Prefix of the function name each plugin renders under; entry-server reads it back from component stacks. */
export const PLUGIN_FRAME = 'ForumPlugin:';

/** The plugin whose render failed, read from a React component stack (server renders), or null. */
export function pluginInStack(componentStack: string | undefined | null): string | null {
  const m = componentStack?.match(/ForumPlugin:([^\s()]+)/);
  return m ? m[1]! : null;
}

type Descriptor = Record<string, unknown>;

// One renderer per descriptor and component: a new function would be a new component type and remount the plugin.
const renderers = new WeakMap<object, { component: unknown; Render: RegisteredPlugin['Render'] }>();

/** A component named after the plugin, so server-side component stacks say which plugin failed. */
function renderer(d: Descriptor, name: string, component: ElementType | 'padding') {
  const known = renderers.get(d);
  if (known?.component === component) return known.Render;
  const label = `${PLUGIN_FRAME}${name}`;
  const fns: Record<string, FunctionComponent<Record<string, unknown>>> = {
    [label]: (props) => (component === 'padding' ? null : createElement(component, props)),
  };
  renderers.set(d, { component, Render: fns[label]! });
  return fns[label]!;
}

/** Registry entries for one valid descriptor, or a reason it cannot be registered on the web. */
function entriesOf(d: Descriptor, name: string, warn: (msg: string) => void): RegisteredPlugin[] {
  const platforms = d.platform as string[];
  if (!platforms.includes('pc') && !platforms.includes('h5')) return [];
  const targets = (Array.isArray(d.target) ? d.target : [d.target]) as string[];
  const hookName = d.hookName as string;
  const Render = renderer(d, name, d.component as ElementType | 'padding');
  const out: RegisteredPlugin[] = [];
  for (const target of targets) {
    const slot = findSlot(target, hookName);
    if (!slot) {
      warn(
        `[plugin] plugin "${name}" rejected (rule slot): ${target}@${hookName} is not a slot of the catalogue`,
      );
      continue;
    }
    if (slot.required.includes('path') && typeof d.path !== 'string') {
      warn(`[plugin] plugin "${name}" rejected (rule path): a page plugin needs a path`);
      continue;
    }
    out.push({
      name,
      appid: d.appid as string | number,
      key: `${target}@${hookName}`,
      slot,
      platforms,
      priority: typeof d.priority === 'number' ? d.priority : 0,
      ...(typeof d.path === 'string' && { path: d.path }),
      Render,
      component: d.component,
    });
  }
  return out;
}

/**
 * Builds the store from a source of descriptors (the plugins bundled into the build). Registration order is
 * the source's, so server and browser list the same plugins in the same order and hydration matches.
 */
export function createPluginRegistry(
  source: () => readonly unknown[],
  warn: (msg: string) => void = (msg) => console.warn(msg),
): PluginRegistry {
  let stored = new Map<unknown, RegisteredPlugin[]>();
  let bySlot = new Map<string, RegisteredPlugin[]>();

  function refresh() {
    const next = new Map<unknown, RegisteredPlugin[]>();
    for (const d of new Set([...stored.keys(), ...source()])) {
      const check = validatePluginDescriptor(d);
      if (!check.ok) {
        warn(`[plugin] ${check.message}${stored.has(d) ? ' (removed from the store)' : ''}`);
        continue;
      }
      const entries = entriesOf(d as Descriptor, check.plugin, warn);
      if (entries.length) next.set(d, entries);
    }
    stored = next;
    bySlot = new Map();
    for (const e of [...next.values()].flat()) bySlot.set(e.key, [...(bySlot.get(e.key) ?? []), e]);
    // Stable sort: equal priorities keep registration order.
    for (const list of bySlot.values()) list.sort((a, b) => b.priority - a.priority);
  }

  return {
    refresh,
    forSlot: (key, platform) => (bySlot.get(key) ?? []).filter((e) => e.platforms.includes(platform)),
    page: (path, platform) =>
      (bySlot.get('plugin_system@add_page_hook') ?? []).find(
        (e) => e.path === path && e.platforms.includes(platform),
      ),
  };
}
