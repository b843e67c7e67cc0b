import type { PluginAction, PluginStore } from '@forum/plugin-sdk';

/** Every plugin's store for one app instance (one server render, or one browser tab). */
export interface PluginStores {
  /** The plugin's own namespace (spec §3 pluginStore). */
  of(pluginName: string): PluginStore;
  /** Cross-plugin access (spec §3 pluginAction). */
  action: PluginAction;
}

function createStore(): PluginStore {
  const values = new Map<string, unknown>();
  const listeners = new Set<() => void>();
  return {
    get: <T>(key: string) => values.get(key) as T | undefined,
    set(key, value) {
      values.set(key, value);
      for (const l of [...listeners]) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Namespaced stores, unlike the original's one shared store where a plugin could overwrite another's values.
 * Made per app instance, never per module, so a server render cannot leak one visitor's values to the next.
 */
export function createPluginStores(): PluginStores {
  const stores = new Map<string, PluginStore>();
  const of = (name: string) => {
    let s = stores.get(name);
    if (!s) stores.set(name, (s = createStore()));
    return s;
  };
  return {
    of,
    action: {
      get: <T>(name: string, key: string) => of(name).get<T>(key),
      set: (name, key, value) => of(name).set(key, value),
    },
  };
}
