import { useEffect, useSyncExternalStore } from 'react';

// Plugins installed while the site runs (issue 11 §5) are not in this build: after the page has hydrated, the
// browser imports their web part from the server and adds their descriptors to the registry, which validates
// them like bundled ones. Their code reaches the host's React through `globalThis.__forumPluginHost`.

const imported = new Set<string>();
const descriptors: unknown[] = [];
const listeners = new Set<() => void>();
let version = 0;

/** Descriptors of the runtime plugins loaded so far (the registry's second source). */
export function runtimeDescriptors(): readonly unknown[] {
  return descriptors;
}

const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};

/**
 * Imports the enabled runtime plugins' web parts once each, then refreshes the registry; the returned version
 * changes whenever one arrived, so the host renders its slots again. Nothing happens on the server.
 */
export function useRuntimePlugins(
  list: ReadonlyArray<{ name: string; url: string }>,
  refresh: () => void,
): number {
  const v = useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  );
  useEffect(() => {
    for (const p of list) {
      if (imported.has(p.url)) continue;
      imported.add(p.url);
      import(/* @vite-ignore */ p.url)
        .then((mod: { default?: unknown }) => {
          const d = mod.default;
          descriptors.push(...(Array.isArray(d) ? d : [d]));
          refresh();
          version += 1;
          for (const fn of listeners) fn();
        })
        .catch((err: unknown) => console.error(`[plugin error] ${p.name} could not be loaded`, err));
    }
  }, [list, refresh]);
  return v;
}
