import type { PluginRegistry, WebPlatform } from './plugin-registry.ts';

/** React's shape for React.lazy components (stable since React 16; read defensively all the same). */
interface LazyShape {
  $$typeof: symbol;
  _payload: unknown;
  _init: (payload: unknown) => unknown;
}

const LAZY = Symbol.for('react.lazy');

/**
 * Starts loading a React.lazy component and resolves once it is settled (at once for anything else). Plugins
 * write their views with plain React.lazy, which has no public preload: asking it to initialise is the one way.
 */
export function preloadLazy(component: unknown): Promise<unknown> {
  const c = component as Partial<LazyShape> | null;
  if (!c || c.$$typeof !== LAZY || typeof c._init !== 'function') return Promise.resolve();
  try {
    c._init(c._payload);
    return Promise.resolve();
  } catch (pending) {
    // Pending: React throws the loading promise; a failed load is the plugin boundary's business later.
    return Promise.resolve(pending).then(
      () => undefined,
      () => undefined,
    );
  }
}

/**
 * Loads the views of the plugins the server drew into the page before the browser hydrates it. A plugin view
 * still loading when the viewer arrives (a context change just after hydration) would make React drop the
 * server's HTML for an empty fallback and draw it again: the column jumps. A slow plugin stops waiting after
 * `timeoutMs`; the page then hydrates as before.
 */
export function preloadDrawnPlugins(
  registry: PluginRegistry,
  platform: WebPlatform,
  root: ParentNode,
  timeoutMs = 3000,
): Promise<unknown> {
  const loads: Promise<unknown>[] = [];
  for (const frame of Array.from(
    root.querySelectorAll<HTMLElement>('.plugin-frame[data-plugin][data-slot]'),
  )) {
    const { plugin: name, slot } = frame.dataset;
    const found = registry.forSlot(slot!, platform).find((p) => p.name === name);
    if (found) loads.push(preloadLazy(found.component));
  }
  if (!loads.length) return Promise.resolve();
  return Promise.race([Promise.all(loads), new Promise((r) => setTimeout(r, timeoutMs))]);
}
