import type { ComponentType } from 'react';
import type { PluginPlatform, PluginTarget } from '@forum/contracts/plugin-rules';
import type { HookOf, KeyOf } from './slots.js';
import type { SlotRenderProps } from './slot-props.js';

/** Targets that offer a given hook name. */
type TargetsWith<H extends string> = {
  [T in PluginTarget]: H extends HookOf<T> ? T : never;
}[PluginTarget];

/**
 * A UI plugin descriptor (spec §3, §5) with its component typed by the slot it fills. `target` may be a list
 * when several targets offer the same hook (a thread display for both list and detail, say).
 */
export interface PluginUI<T extends PluginTarget = PluginTarget, H extends string = string> {
  pluginName: string;
  version: string;
  target: T | readonly [T, ...T[]];
  hookName: H;
  /** The component, or 'padding' to fill the slot with nothing (a replace slot then hides the core block). */
  component: ComponentType<SlotRenderProps<KeyOf<T, H>>> | 'padding';
  author: { name: string; email: string };
  type: number | string;
  appid: string | number;
  platform: readonly PluginPlatform[];
  /** For page plugins (`plugin_system@add_page_hook`): served at `/plugin/<path>`. */
  path?: string;
  /** Higher comes first in insert slots and wins a replace slot; 0 when left out. */
  priority?: number;
}

/**
 * Typed helper for plugin authors: returns the descriptor unchanged, checking at compile time that the hook
 * belongs to the target and that the component takes that slot's props. The host still validates it at runtime.
 */
export function definePluginUI<H extends string, T extends TargetsWith<H>>(
  descriptor: PluginUI<T, H>,
): PluginUI<T, H> {
  return descriptor;
}
