/**
 * The only surface plugins see: the slot catalogue, slot props, definePluginUI, the API helper and the strings and
 * formats of the page's language (server side: `./server`).
 */
export const SDK_VERSION = '0.3.1';

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
export {
  defineStrings,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatRelative,
  localeOf,
} from './i18n.js';
export type { PluginLang, PluginText, StringVars } from './i18n.js';
