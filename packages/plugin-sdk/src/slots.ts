import type { PluginTarget } from '@forum/contracts/plugin-rules';

/** How a slot takes plugins: `replace` shows one plugin instead of the core block, `insert` shows all of them. */
export type SlotKind = 'replace' | 'insert';

/** One place of spec §2 "Plugin slots" where plugins may render. */
export interface SlotSpec {
  target: PluginTarget;
  hookName: string;
  kind: SlotKind;
  /** Slot inputs a plugin cannot render without; when the host lacks one the plugin warns and renders nothing. */
  required: readonly string[];
}

const slot = <T extends PluginTarget, H extends string>(
  target: T,
  hookName: H,
  kind: SlotKind,
  required: readonly string[] = [],
) => ({ target, hookName, kind, required }) as const;

/**
 * The closed catalogue of slots, keyed `target@hookName`; hook names follow the original's (reference §4.2).
 * A descriptor naming a slot outside it is not registered.
 */
export const SLOT_CATALOGUE = {
  'plugin_post@post_extension_entry_hook': slot('plugin_post', 'post_extension_entry_hook', 'insert', [
    'confirm',
  ]),
  'plugin_post@post_extension_content_hook': slot('plugin_post', 'post_extension_content_hook', 'insert', [
    'postData',
  ]),
  'plugin_index@thread_extension_display_hook': slot(
    'plugin_index',
    'thread_extension_display_hook',
    'insert',
    ['threadData'],
  ),
  'plugin_detail@thread_extension_display_hook': slot(
    'plugin_detail',
    'thread_extension_display_hook',
    'insert',
    ['threadData'],
  ),
  'plugin_system@add_page_hook': slot('plugin_system', 'add_page_hook', 'replace', ['path']),
  'plugin_global@header_replace_hook': slot('plugin_global', 'header_replace_hook', 'replace'),
  'plugin_global@footer_replace_hook': slot('plugin_global', 'footer_replace_hook', 'replace'),
  'plugin_index@header_insert_before_hook': slot('plugin_index', 'header_insert_before_hook', 'insert'),
  'plugin_index@header_insert_after_hook': slot('plugin_index', 'header_insert_after_hook', 'insert'),
  'plugin_index@header_replace_hook': slot('plugin_index', 'header_replace_hook', 'replace'),
  'plugin_index@tabs_replace_hook': slot('plugin_index', 'tabs_replace_hook', 'replace', [
    'categories',
    'changeFilter',
  ]),
  'plugin_index@topping_insert_before_hook': slot('plugin_index', 'topping_insert_before_hook', 'insert', [
    'sticks',
  ]),
  'plugin_index@topping_insert_after_hook': slot('plugin_index', 'topping_insert_after_hook', 'insert', [
    'sticks',
  ]),
  'plugin_index@topping_replace_hook': slot('plugin_index', 'topping_replace_hook', 'replace', ['sticks']),
  'plugin_index@left_replace_hook': slot('plugin_index', 'left_replace_hook', 'replace'),
  'plugin_index@right_replace_hook': slot('plugin_index', 'right_replace_hook', 'replace'),
  'plugin_index@recommend_replace_hook': slot('plugin_index', 'recommend_replace_hook', 'replace', [
    'onGetRecommends',
  ]),
  'plugin_index@qrcode_replace_hook': slot('plugin_index', 'qrcode_replace_hook', 'replace'),
  'plugin_index@copyright_replace_hook': slot('plugin_index', 'copyright_replace_hook', 'replace'),
  'plugin_user@user_extension_action_hook': slot('plugin_user', 'user_extension_action_hook', 'insert', [
    'profileUser',
  ]),
  'plugin_user@user_extension_left_layout_hook': slot(
    'plugin_user',
    'user_extension_left_layout_hook',
    'insert',
    ['profileUser'],
  ),
} as const satisfies Record<string, SlotSpec>;

/** A slot's key, `target@hookName`. */
export type SlotKey = keyof typeof SLOT_CATALOGUE;

/** The hook names a target offers. */
export type HookOf<T extends PluginTarget> = Extract<
  (typeof SLOT_CATALOGUE)[SlotKey],
  { target: T }
>['hookName'];

/** The key of a target's hook. */
export type KeyOf<T extends PluginTarget, H extends string> = `${T}@${H}` & SlotKey;

/** The catalogue entry for a target and hook name, or undefined when the pair is not a slot. */
export function findSlot(target: string, hookName: string): SlotSpec | undefined {
  return (SLOT_CATALOGUE as Record<string, SlotSpec>)[`${target}@${hookName}`];
}
