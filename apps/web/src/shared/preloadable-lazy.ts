import { lazy, type ComponentType } from 'react';

/**
 * React.lazy that a page can load ahead of hydration. React resolves a lazy component synchronously only when
 * its loader hands back an already-settled thenable; a fresh promise (even of a loaded module) suspends for a
 * tick, and a Suspense edge still waiting when the viewer arrives is redrawn from empty, so the page jumps.
 */
export function preloadableLazy<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): { Component: ComponentType<P>; preload: () => Promise<unknown> } {
  let loaded: M | undefined;
  const preload = () =>
    load().then((m) => {
      loaded = m;
      return m;
    });
  const Component = lazy<ComponentType<P>>(() => {
    const m = loaded;
    if (m === undefined) return preload().then((mod) => ({ default: pick(mod) }));
    // A thenable that calls back at once: React takes the component in the same render.
    const settled: PromiseLike<{ default: ComponentType<P> }> = {
      then: (ok) => (ok ? (ok({ default: pick(m) }) as never) : (settled as never)),
    };
    return settled as Promise<{ default: ComponentType<P> }>;
  });
  return { Component, preload };
}
