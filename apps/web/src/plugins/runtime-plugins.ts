import { useEffect, useSyncExternalStore } from 'react';

// Plugins installed while the site runs (issue 11 §5) are not in this build: after the page has hydrated, the
// browser imports their web part from the server and adds their descriptors to the registry, which validates
// them like bundled ones. Their code reaches the host's React through `globalThis.__forumPluginHost`.

const imported = new Set<string>();
const names = new Set<string>();
const descriptors: unknown[] = [];
const listeners = new Set<() => void>();
let version = 0;

/**
 * Whether a plugin came at runtime: it was not in the server's HTML, so a part of the page still hydrating
 * must not draw it yet (that would not match the HTML); it shows from the first render after hydration.
 */
export function isRuntimePlugin(name: string): boolean {
  return names.has(name);
}

/** Descriptors of the runtime plugins loaded so far (the registry's second source). */
export function runtimeDescriptors(): readonly unknown[] {
  return descriptors;
}

const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};

/** Changes whenever a runtime plugin arrived (0 on the server and while hydrating): slots look again then. */
export function useRuntimeVersion(): number {
  return useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  );
}

/** Imports the enabled runtime plugins' web parts once each, then refreshes the registry. Browser only. */
export function useRuntimePlugins(
  list: ReadonlyArray<{ name: string; url: string }>,
  refresh: () => void,
): void {
  useEffect(() => {
    for (const p of list) {
      if (imported.has(p.url)) continue;
      imported.add(p.url);
      // The shared host objects load (and are installed) only on sites that have runtime plugins.
      import('./plugin-globals.ts')
        .then(({ sharePluginHost }) => {
          sharePluginHost();
          return import(/* @vite-ignore */ p.url);
        })
        .then((mod: { default?: unknown }) => {
          const d = mod.default;
          descriptors.push(...(Array.isArray(d) ? d : [d]));
          names.add(p.name);
          refresh();
          version += 1;
          for (const fn of listeners) fn();
        })
        .catch((err: unknown) => console.error(`[plugin error] ${p.name} could not be loaded`, err));
    }
  }, [list, refresh]);
}
