/** The only surface plugins see: the slot catalogue, slot props, definePluginUI and the API helper (server side: `./server`). */
export const SDK_VERSION = '0.3.0';

export { PLUGIN_PLATFORMS, PLUGIN_TARGETS } from '@forum/contracts/plugin-rules';
export type { PluginPlatform, PluginTarget } from '@forum/contracts/plugin-rules';
export { findSlot, SLOT_CATALOGUE } from './slots.js';
export type { HookOf, KeyOf, SlotKey, SlotKind, SlotSpec } from './slots.js';
export type * from './slot-props.js';
export { definePluginUI } from './define.js';
export { callPluginApi } from './request.js';
export type { PluginReply } from './request.js';
export { NAVIGATION_EVENTS } from './navigation.js';
export type * from './navigation.js';
export type { PluginUI } from './define.js';
