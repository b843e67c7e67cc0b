import { matchRoutes, type DataRouter, type Location } from 'react-router';
import type {
  HistoryAction,
  NavigationEventName,
  NavigationEvents,
  NavigationInfo,
  PluginRouter,
  RouteChangeError,
} from '@forum/plugin-sdk';

/** Spec §9: a route whose code has not loaded after this long is given up for a full page load. */
export const ROUTE_LOAD_TIMEOUT_MS = 3800;
const BLOCKER = 'forum-plugin-navigation';

type AnyHandler = (...args: never[]) => unknown;

/** One mounted plugin's handlers. */
interface Scope {
  name: string;
  handlers: Map<NavigationEventName, Set<AnyHandler>>;
}

/** A navigation from its start event to its complete or error event. */
interface Attempt {
  href: string;
  info: NavigationInfo;
  /** `loading`: held by the blocker while its code loads; `proceeding`: handed back to the router. */
  phase: 'loading' | 'proceeding';
  waiters: Array<(ok: boolean) => void>;
  settled: boolean;
}

/** A plugin's router and the effect that makes it hear events while the plugin is mounted. */
export interface PluginNavigationScope {
  router: PluginRouter;
  /** Starts delivery; the returned cleanup stops it and drops every handler (unmount). */
  mount(): () => void;
}

/** The site's navigation events for plugins (spec §4 "Navigation events"), fed by the data router. */
export interface NavigationHub {
  /** Follows a browser router; returns the detach function. */
  attach(router: DataRouter): () => void;
  /** A router for one plugin instance. */
  scope(pluginName: string): PluginNavigationScope;
}

/** Options; tests replace the full page load and may shorten nothing else. */
export interface NavigationHubOptions {
  fullLoad?: (href: string) => void;
  timeoutMs?: number;
}

const hrefOf = (l: Pick<Location, 'pathname' | 'search' | 'hash'>) => l.pathname + l.search + l.hash;

/** Spec §8 'Route Cancelled'. */
function cancelledError(): RouteChangeError {
  return Object.assign(new Error('Route Cancelled'), { cancelled: true });
}

/** Spec §8 route asset loading: the target's code failed to load or did not load in time. */
function assetError(message: string, cause?: unknown): RouteChangeError {
  return Object.assign(new Error(message, { cause }), { assetError: true });
}

/** Creates a hub; the site has one (`pluginNavigation`), tests make their own. */
export function createNavigationHub(options: NavigationHubOptions = {}): NavigationHub {
  const fullLoad = options.fullLoad ?? ((href: string) => window.location.assign(href));
  const timeoutMs = options.timeoutMs ?? ROUTE_LOAD_TIMEOUT_MS;
  const mounted = new Set<Scope>();
  let router: DataRouter | null = null;
  let current: Attempt | null = null;
  // A plugin's push waiting for the navigation it started to begin.
  let waiting: ((ok: boolean) => void) | null = null;

  function emit<E extends NavigationEventName>(event: E, ...args: Parameters<NavigationEvents[E]>): boolean {
    let go = true;
    for (const scope of [...mounted]) {
      for (const handler of [...(scope.handlers.get(event) ?? [])]) {
        try {
          if ((handler as (...a: unknown[]) => unknown)(...args) === false) go = false;
        } catch (error) {
          // A plugin's mistake must not break the site's navigation.
          console.error(`[plugin error] ${scope.name}`, error);
        }
      }
    }
    return go;
  }

  const listens = (event: NavigationEventName) => [...mounted].some((s) => s.handlers.get(event)?.size);

  function settle(a: Attempt, ok: boolean) {
    if (a.settled) return;
    a.settled = true;
    if (current === a) current = null;
    for (const w of a.waiters) w(ok);
  }

  function fail(a: Attempt, error: RouteChangeError) {
    emit('routeChangeError', error, a.href, a.info);
    settle(a, false);
  }

  function begin(href: string, historyAction: HistoryAction, phase: Attempt['phase']): Attempt {
    // Only one navigation at a time: a newer one cancels the one in flight.
    if (current) fail(current, cancelledError());
    const a: Attempt = {
      href,
      info: { shallow: false, historyAction },
      phase,
      waiters: waiting ? [waiting] : [],
      settled: false,
    };
    waiting = null;
    current = a;
    emit('routeChangeStart', href, a.info);
    return a;
  }

  function resetBlocker() {
    const blocker = router?.state.blockers.get(BLOCKER);
    if (blocker?.state === 'blocked') blocker.reset?.();
  }

  // The navigation is held by the blocker while the target's code loads (at most timeoutMs), then
  // beforeHistoryChange decides whether the router may go on.
  async function load(a: Attempt, lazy: Array<() => unknown>) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        Promise.all(lazy.map((l) => l())),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(assetError(`Route did not complete loading: ${a.href}`)),
            timeoutMs,
          );
        }),
      ]);
    } catch (error) {
      if (current !== a) return;
      resetBlocker();
      const e = (error as RouteChangeError)?.assetError
        ? (error as RouteChangeError)
        : assetError(`Failed to load route code: ${a.href}`, error);
      fail(a, e);
      fullLoad(a.href);
      return;
    } finally {
      clearTimeout(timer);
    }
    if (current !== a) return;
    if (!emit('beforeHistoryChange', a.href, a.info)) {
      resetBlocker();
      fail(a, cancelledError());
      return;
    }
    a.phase = 'proceeding';
    proceedWhenBlocked(a);
  }

  // The router records a block after the blocker function returned; code already loaded can come back sooner,
  // and a proceed() before the block is recorded would be lost, leaving the navigation held for good.
  function proceedWhenBlocked(a: Attempt) {
    const now = router?.state.blockers.get(BLOCKER);
    if (now?.state === 'blocked') return void now.proceed?.();
    const unsubscribe = router?.subscribe((state) => {
      const b = state.blockers.get(BLOCKER);
      if (b?.state !== 'blocked') return;
      unsubscribe?.();
      if (current === a) b.proceed?.();
    });
  }

  function attach(r: DataRouter): () => void {
    router = r;
    let lastKey = r.state.location.key;
    r.getBlocker(BLOCKER, ({ nextLocation, historyAction }) => {
      const lazy = (matchRoutes(r.routes, nextLocation) ?? []).flatMap((m) =>
        typeof m.route.lazy === 'function' ? [m.route.lazy] : [],
      );
      const hold = lazy.length > 0 || listens('beforeHistoryChange');
      const a = begin(hrefOf(nextLocation), historyAction as HistoryAction, hold ? 'loading' : 'proceeding');
      // The router records the block right after this returns; load() reads it a tick later.
      if (hold) void Promise.resolve().then(() => load(a, lazy));
      return hold;
    });
    const unsubscribe = r.subscribe((state) => {
      const nav = state.navigation;
      if (nav.state !== 'idle' && nav.location) {
        const href = hrefOf(nav.location);
        const redirect = (nav.location.state as { _isRedirect?: boolean } | null)?._isRedirect === true;
        if (current?.phase === 'proceeding' && href !== current.href) {
          // A redirect continues the navigation; anything else is a new one that bypassed the blocker.
          if (redirect) current.href = href;
          else begin(href, 'PUSH', 'proceeding');
        } else if (!current) begin(href, redirect ? 'REPLACE' : 'PUSH', 'proceeding');
      }
      if (nav.state === 'idle' && state.location.key !== lastKey) {
        lastKey = state.location.key;
        const a =
          current ?? begin(hrefOf(state.location), state.historyAction as HistoryAction, 'proceeding');
        if (a.phase === 'proceeding') {
          emit('routeChangeComplete', hrefOf(state.location), a.info);
          settle(a, true);
        }
      }
    });
    return () => {
      unsubscribe();
      r.deleteBlocker(BLOCKER);
      router = null;
    };
  }

  function go(url: string, replace: boolean): Promise<boolean> {
    if (!router) return Promise.resolve(false);
    const here = window.location.href;
    const target = new URL(url, here);
    // Spec §4: a target outside the site is a full page load, never a router navigation.
    if (target.origin !== new URL(here).origin) {
      fullLoad(target.href);
      return Promise.resolve(false);
    }
    return new Promise<boolean>((resolve) => {
      waiting = resolve;
      void router?.navigate(hrefOf(target), { replace });
    });
  }

  function scope(name: string): PluginNavigationScope {
    const s: Scope = { name, handlers: new Map() };
    const pluginRouter: PluginRouter = {
      push: (url) => go(url, false),
      replace: (url) => go(url, true),
      back: () => void router?.navigate(-1),
      on(event, handler) {
        let set = s.handlers.get(event);
        if (!set) s.handlers.set(event, (set = new Set()));
        set.add(handler);
        return () => void set.delete(handler);
      },
      off: (event, handler) => void s.handlers.get(event)?.delete(handler),
    };
    return {
      router: pluginRouter,
      mount() {
        mounted.add(s);
        return () => {
          mounted.delete(s);
          s.handlers.clear();
        };
      },
    };
  }

  return { attach, scope };
}

/** The site's hub: attached to the browser router by entry-client, never on the server (it only renders). */
export const pluginNavigation: NavigationHub = createNavigationHub();
