import { useCallback, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { Variant } from '@forum/ui';
import { useViewerData } from '../../app/overlay.ts';
import { PluginSlot } from '../../plugins/plugin-slot.tsx';
import { HOME_TABS, type HomeData, type HomeTab } from './home-data.ts';
import { homeHref, HomePinned, HomeRecommend, HomeSiteInfo, HomeTabs } from './home-regions.tsx';

/** The home header block with its three slots: insert before, replace, insert after (spec §2). */
export function HomeHeaderSlots({ variant }: { variant: Variant }) {
  return (
    <>
      <PluginSlot target="plugin_index" hook="header_insert_before_hook" />
      <PluginSlot target="plugin_index" hook="header_replace_hook">
        <HomeSiteInfo variant={variant} />
      </PluginSlot>
      <PluginSlot target="plugin_index" hook="header_insert_after_hook" />
    </>
  );
}

/** The tabs, or the plugin replacing them; changeFilter moves to the chosen tab and category. */
export function HomeTabsSlot({ variant }: { variant: Variant }) {
  const data = useViewerData<HomeData>();
  const navigate = useNavigate();
  const changeFilter = useCallback(
    (f: { tab?: string; categoryId?: number }) => {
      const tab = (HOME_TABS as readonly string[]).includes(f.tab ?? '') ? (f.tab as HomeTab) : data.tab;
      void navigate(homeHref(tab, f.categoryId ?? data.categoryId));
    },
    [navigate, data.tab, data.categoryId],
  );
  return (
    <PluginSlot
      target="plugin_index"
      hook="tabs_replace_hook"
      categories={data.categories}
      changeFilter={changeFilter}
    >
      <HomeTabs variant={variant} />
    </PluginSlot>
  );
}

/** The pinned threads with their three slots. */
export function HomePinnedSlots({ variant }: { variant: Variant }) {
  const { pinned } = useViewerData<HomeData>();
  return (
    <>
      <PluginSlot target="plugin_index" hook="topping_insert_before_hook" sticks={pinned} />
      <PluginSlot target="plugin_index" hook="topping_replace_hook" sticks={pinned}>
        <HomePinned variant={variant} />
      </PluginSlot>
      <PluginSlot target="plugin_index" hook="topping_insert_after_hook" sticks={pinned} />
    </>
  );
}

/** The recommendations, or the plugin replacing them; it may ask for the list the page already has. */
export function HomeRecommendSlot() {
  const { recommended } = useViewerData<HomeData>();
  const onGetRecommends = useCallback(() => Promise.resolve(recommended), [recommended]);
  return (
    <PluginSlot target="plugin_index" hook="recommend_replace_hook" onGetRecommends={onGetRecommends}>
      <HomeRecommend />
    </PluginSlot>
  );
}

/** A pc column (left or right) whose whole content a plugin may replace. */
export function HomeColumnSlot({ side, children }: { side: 'left' | 'right'; children: ReactNode }) {
  return side === 'left' ? (
    <PluginSlot target="plugin_index" hook="left_replace_hook">
      {children}
    </PluginSlot>
  ) : (
    <PluginSlot target="plugin_index" hook="right_replace_hook">
      {children}
    </PluginSlot>
  );
}
