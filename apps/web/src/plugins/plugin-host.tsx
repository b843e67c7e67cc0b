import { createContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { CurrentUser, SetSite } from '@forum/contracts';
import type { PluginSite } from '@forum/plugin-sdk';
import type { PluginRegistry, WebPlatform } from './plugin-registry.ts';
import { pluginNavigation, type NavigationHub } from './plugin-navigation.ts';
import { createPluginStores, type PluginStores } from './plugin-stores.ts';
import { useRuntimePlugins } from './runtime-plugins.ts';

/** What every slot of one app instance shares. */
export interface PluginHostValue {
  registry: PluginRegistry;
  stores: PluginStores;
  platform: WebPlatform;
  site: PluginSite;
  userInfo: CurrentUser | null;
  isLogin: boolean;
  /** Gives each mounted plugin its router and navigation events. */
  navigation: NavigationHub;
  /** Warnings already given by this app instance, so a re-render does not repeat them. */
  warned: Set<string>;
  /** Whether a plugin is switched on here (the administrator's choice; plugins the server does not know are on). */
  isOn(name: string): boolean;
}

/** Provided by PluginHost; a slot outside it renders its core content only. */
export const PluginHostContext = createContext<PluginHostValue | null>(null);

const subscribeNever = () => () => {};
const NONE: ReadonlyArray<{ name: string; url: string }> = [];

/** False on the server and during hydration, true afterwards: the same first render on both sides. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/** Inputs of the plugin host, taken from the site state by the root layout. */
export interface PluginHostProps {
  registry: PluginRegistry;
  platform: WebPlatform;
  setSite: SetSite;
  lang: 'zh' | 'en';
  user: CurrentUser | null;
  /** A member's group-shared page before their overlay arrived: who they are is not known yet. */
  viewerPending: boolean;
  /** The forum reply's plugin states (name → on). */
  pluginStates?: Record<string, boolean>;
  /** Enabled plugins installed at runtime, whose web part the browser imports after hydration. */
  runtimePlugins?: ReadonlyArray<{ name: string; url: string }>;
  /** The site's hub unless a test brings its own. */
  navigation?: NavigationHub;
  children: ReactNode;
}

/**
 * Gives slots the common render inputs. The viewer (userInfo, isLogin) is withheld until hydration: a server
 * render may be shared by every guest or a whole group (guest cache, shared pages), so plugin output in it
 * must not depend on who is looking.
 */
export function PluginHost({
  registry,
  platform,
  setSite,
  lang,
  user,
  viewerPending,
  pluginStates,
  runtimePlugins = NONE,
  navigation = pluginNavigation,
  children,
}: PluginHostProps) {
  const hydrated = useHydrated();
  const [stores] = useState(createPluginStores);
  const [warned] = useState(() => new Set<string>());
  useRuntimePlugins(runtimePlugins, registry.refresh);
  const known = hydrated && !viewerPending;
  const userInfo = known ? user : null;
  const value = useMemo<PluginHostValue>(
    () => ({
      registry,
      stores,
      platform,
      site: { setSite, platform, lang },
      userInfo,
      isLogin: typeof userInfo?.id === 'number' && userInfo.id > 0,
      navigation,
      warned,
      isOn: (name) => pluginStates?.[name] ?? true,
    }),
    [registry, stores, platform, setSite, lang, userInfo, navigation, warned, pluginStates],
  );
  return <PluginHostContext.Provider value={value}>{children}</PluginHostContext.Provider>;
}
