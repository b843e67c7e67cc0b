import type { NavigationEventName } from './navigation.js';
import type { CommonSlotProps, SlotOwnProps } from './slot-props.js';
import type { SlotKey } from './slots.js';

// Words for the author's guide, typed against the catalogue: a slot, input or event added to the SDK without
// its line here does not compile, and docs/plugins.md is regenerated from these (scripts/plugin-docs.mjs).

/** What each common render input is. */
export const COMMON_INPUT_DOCS: { [P in keyof CommonSlotProps]-?: string } = {
  renderData:
    'the plugin’s stored data for this place (for thread slots: its block in the thread, by `appid`)',
  pluginStore: 'the plugin’s own namespace of values: `get`, `set`, `subscribe`',
  pluginAction: 'other plugins’ stores by name (`get`, `set`); allowed, but prefer your own store',
  site: '`setSite` (public site settings), `platform` (`pc` or `h5`) and `lang` (`zh` or `en`)',
  userInfo: 'the viewer, or `null`; always `null` in the server render and during hydration',
  isLogin: 'whether the viewer is logged in; always `false` in the server render and during hydration',
  router: '`push`, `replace`, `back` and navigation events (`on`, `off`) while the plugin is mounted',
};

/** Where each slot is on the site. */
export const SLOT_PLACE_DOCS: Record<SlotKey, string> = {
  'plugin_post@post_extension_entry_hook': 'post screen: a toolbar entry',
  'plugin_post@post_extension_content_hook': 'post screen: the plugin’s block in the draft',
  'plugin_index@thread_extension_display_hook': 'thread list: a thread’s plugin block',
  'plugin_detail@thread_extension_display_hook': 'thread page: the thread’s plugin block',
  'plugin_system@add_page_hook': 'a page of its own at `/plugin/<path>` (unknown paths are 404)',
  'plugin_global@header_replace_hook': 'every page: the header',
  'plugin_global@footer_replace_hook': 'every page: the footer',
  'plugin_index@header_insert_before_hook': 'home: before the header block',
  'plugin_index@header_insert_after_hook': 'home: after the header block',
  'plugin_index@header_replace_hook': 'home: the header block',
  'plugin_index@tabs_replace_hook': 'home: the tabs',
  'plugin_index@topping_insert_before_hook': 'home: before the pinned threads',
  'plugin_index@topping_insert_after_hook': 'home: after the pinned threads',
  'plugin_index@topping_replace_hook': 'home: the pinned threads',
  'plugin_index@left_replace_hook': 'home (pc): the left column',
  'plugin_index@right_replace_hook': 'home (pc): the right column',
  'plugin_index@recommend_replace_hook': 'home (pc): the recommendations',
  'plugin_index@qrcode_replace_hook': 'home (pc): the QR code',
  'plugin_index@copyright_replace_hook': 'home (pc): the copyright block',
  'plugin_user@user_extension_action_hook': 'profile: beside follow and message',
  'plugin_user@user_extension_left_layout_hook': 'profile: the left column',
};

const post = {
  postData: 'the plugin’s block in the draft, or `null`',
  confirm: 'attaches or replaces the block: `confirm({ tomId, body })`',
  deletePlugin: 'removes the block',
  showPluginDialog: 'opens a dialog with the given content',
  closePluginDialog: 'closes it',
  canInsert: 'whether the writer may post this plugin’s block here (their group’s `plugin.<appid>.insert`)',
};
const thread = {
  threadData: 'the thread as shown',
  updateThread: 'lays a change over the thread as shown',
  recomputeRowHeights: 'asks a list to measure its rows again',
};
const sticks = { sticks: 'the pinned threads (`threadId`, `title`, `summary`)' };
const profile = { profileUser: 'the user whose profile it is' };

/** What each slot's own inputs are. */
export const SLOT_INPUT_DOCS: { [K in SlotKey]: { [P in keyof SlotOwnProps[K]]-?: string } } = {
  'plugin_post@post_extension_entry_hook': post,
  'plugin_post@post_extension_content_hook': post,
  'plugin_index@thread_extension_display_hook': thread,
  'plugin_detail@thread_extension_display_hook': thread,
  'plugin_system@add_page_hook': { path: 'the page’s path after `/plugin/`', query: 'the query string' },
  'plugin_global@header_replace_hook': {
    message: '`totalUnread`: the unread count of the badge',
    onSearch: 'searches like the core box: `onSearch(keyword)`',
  },
  'plugin_global@footer_replace_hook': {},
  'plugin_index@header_insert_before_hook': {},
  'plugin_index@header_insert_after_hook': {},
  'plugin_index@header_replace_hook': {},
  'plugin_index@tabs_replace_hook': {
    categories: 'the category tree',
    changeFilter: 'switches the list: `changeFilter({ tab, categoryId })`',
  },
  'plugin_index@topping_insert_before_hook': sticks,
  'plugin_index@topping_insert_after_hook': sticks,
  'plugin_index@topping_replace_hook': sticks,
  'plugin_index@left_replace_hook': {},
  'plugin_index@right_replace_hook': {},
  'plugin_index@recommend_replace_hook': { onGetRecommends: 'fetches the recommended threads' },
  'plugin_index@qrcode_replace_hook': {},
  'plugin_index@copyright_replace_hook': {},
  'plugin_user@user_extension_action_hook': profile,
  'plugin_user@user_extension_left_layout_hook': profile,
};

/** Each navigation event's arguments and when it comes. */
export const NAVIGATION_EVENT_DOCS: { [E in NavigationEventName]-?: [args: string, when: string] } = {
  routeChangeStart: ['`(url, info)`', 'a navigation began, before the target’s code and data load'],
  beforeHistoryChange: [
    '`(url, info)`',
    'the target’s code is loaded and the address is about to change; returning `false` cancels',
  ],
  routeChangeComplete: ['`(url, info)`', 'the new page is shown'],
  routeChangeError: [
    '`(error, url, info)`',
    'cancelled (`error.cancelled`, "Route Cancelled") or the code did not load (`error.assetError`; a full page load follows)',
  ],
};
