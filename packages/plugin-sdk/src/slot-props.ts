import type { ReactNode } from 'react';
import type {
  CategoryNode,
  CurrentUser,
  ProfileUser,
  RecommendItem,
  SetSite,
  ThreadItem,
} from '@forum/contracts';
import type { PluginRouter } from './navigation.js';
import type { SlotKey } from './slots.js';

/** A plugin's own namespace of values (spec §3 pluginStore); other plugins see it only through pluginAction. */
export interface PluginStore {
  get<T = unknown>(key: string): T | undefined;
  set(key: string, value: unknown): void;
  /** Called after every set; returns the unsubscribe function (fits React's useSyncExternalStore). */
  subscribe(listener: () => void): () => void;
}

/** Access to other plugins' stores by plugin name: allowed, but a plugin should prefer its own pluginStore. */
export interface PluginAction {
  get<T = unknown>(pluginName: string, key: string): T | undefined;
  set(pluginName: string, key: string, value: unknown): void;
}

/** What a plugin knows about the site: the public settings plus the layout and language being shown. */
export interface PluginSite {
  setSite: SetSite;
  platform: 'pc' | 'h5';
  lang: 'zh' | 'en';
}

/**
 * Inputs every slot passes (spec §3 render inputs). `userInfo` and `isLogin` describe the viewer and are only
 * filled in the browser after hydration: server renders are shared between visitors and must not carry them.
 */
export interface CommonSlotProps {
  /** The plugin's stored data for this place (a thread's block body for thread slots), when there is any. */
  renderData?: unknown;
  pluginStore: PluginStore;
  pluginAction: PluginAction;
  site: PluginSite;
  userInfo: CurrentUser | null;
  isLogin: boolean;
  /** The site's router: navigate and subscribe to navigation events while mounted. */
  router: PluginRouter;
}

/** A block a post-screen plugin attaches to the thread being written. */
export interface PluginPostData {
  tomId: string | number;
  body: unknown;
}

/** Thread slots (list and detail). */
export interface ThreadSlotProps {
  threadData: ThreadItem;
  /** Lays a change over the thread as shown (e.g. after the plugin's own call changed it). */
  updateThread: (patch: Partial<ThreadItem>) => void;
  /** Asks a list to measure its rows again after the plugin changed height (a no-op where rows are not measured). */
  recomputeRowHeights: () => void;
}

/** Post screen slots. */
export interface PostSlotProps {
  /** This plugin's block in the thread being written, or null before it is attached. */
  postData: PluginPostData | null;
  /** Attaches (or replaces) the plugin's block. */
  confirm: (postData: PluginPostData) => void;
  /** Removes the plugin's block. */
  deletePlugin: () => void;
  /** Whether the writer may post this plugin's block here (their group's `plugin.<appid>.insert`). */
  canInsert?: boolean;
  showPluginDialog: (content: ReactNode) => void;
  closePluginDialog: () => void;
}

/** Each slot's own inputs, on top of the common ones. */
export interface SlotOwnProps {
  'plugin_post@post_extension_entry_hook': PostSlotProps;
  'plugin_post@post_extension_content_hook': PostSlotProps;
  'plugin_index@thread_extension_display_hook': ThreadSlotProps;
  'plugin_detail@thread_extension_display_hook': ThreadSlotProps;
  'plugin_system@add_page_hook': { path: string; query: Record<string, string> };
  'plugin_global@header_replace_hook': {
    message: { totalUnread: number };
    onSearch: (keyword: string) => void;
  };
  'plugin_global@footer_replace_hook': object;
  'plugin_index@header_insert_before_hook': object;
  'plugin_index@header_insert_after_hook': object;
  'plugin_index@header_replace_hook': object;
  'plugin_index@tabs_replace_hook': {
    categories: CategoryNode[];
    changeFilter: (filter: { tab?: string; categoryId?: number }) => void;
  };
  'plugin_index@topping_insert_before_hook': { sticks: PluginStick[] };
  'plugin_index@topping_insert_after_hook': { sticks: PluginStick[] };
  'plugin_index@topping_replace_hook': { sticks: PluginStick[] };
  'plugin_index@left_replace_hook': object;
  'plugin_index@right_replace_hook': object;
  'plugin_index@recommend_replace_hook': { onGetRecommends: () => Promise<RecommendItem[]> };
  'plugin_index@qrcode_replace_hook': object;
  'plugin_index@copyright_replace_hook': object;
  'plugin_user@user_extension_action_hook': { profileUser: ProfileUser };
  'plugin_user@user_extension_left_layout_hook': { profileUser: ProfileUser };
}

/** A pinned thread as the home page lists it. */
export interface PluginStick {
  threadId: number;
  title: string;
  summary: string;
}

/** Everything a plugin component in slot K receives. */
export type SlotRenderProps<K extends SlotKey> = CommonSlotProps & SlotOwnProps[K];
