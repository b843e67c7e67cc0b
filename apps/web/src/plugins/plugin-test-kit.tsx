import type { ReactNode } from 'react';
import type { SetSite } from '@forum/contracts';
import { PluginHost } from './plugin-host.tsx';
import type { NavigationHub } from './plugin-navigation.ts';
import type { PluginRegistry, WebPlatform } from './plugin-registry.ts';

/** A valid descriptor for tests, with fields overridden. */
export function descriptor(over: Record<string, unknown>): Record<string, unknown> {
  return {
    pluginName: 'p',
    version: '1.0.0',
    target: 'plugin_index',
    hookName: 'header_insert_after_hook',
    component: () => null,
    author: { name: 'Dev', email: 'dev@example.invalid' },
    type: 0,
    appid: 'p-1',
    platform: ['pc', 'h5'],
    ...over,
  };
}

const setSite = { siteName: 'Test site' } as SetSite;

/** Wraps a tree in a plugin host as the root layout would (a guest, or the given user). */
export function Hosted(props: {
  registry: PluginRegistry;
  platform?: WebPlatform;
  user?: { id: number; nickname: string } | null;
  navigation?: NavigationHub;
  children: ReactNode;
}) {
  return (
    <PluginHost
      registry={props.registry}
      platform={props.platform ?? 'pc'}
      setSite={setSite}
      lang="zh"
      user={(props.user ?? null) as never}
      viewerPending={false}
      navigation={props.navigation}
    >
      {props.children}
    </PluginHost>
  );
}
