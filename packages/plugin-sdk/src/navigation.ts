/** How the history entry changes: a new entry, the current one replaced, or back/forward (spec §4). */
export type HistoryAction = 'PUSH' | 'REPLACE' | 'POP';

/** What every navigation event says besides the target address. */
export interface NavigationInfo {
  /** Always false: the site has no shallow routing; kept for handlers written for the original's router. */
  shallow: boolean;
  historyAction: HistoryAction;
}

/**
 * Why a navigation did not complete (spec §8 router and route asset errors). `cancelled` is set when a
 * handler of beforeHistoryChange returned false or a newer navigation took over ('Route Cancelled');
 * `assetError` when the target's code failed to load or did not load within the route load timeout
 * (spec §9, 3,800 ms): a full page load to the target follows.
 */
export interface RouteChangeError extends Error {
  cancelled?: boolean;
  assetError?: boolean;
}

/**
 * Router events in the original's names, with the address as `path?search#hash`. Handlers run in the order
 * they subscribed; one that throws is logged as a plugin error and the navigation goes on.
 */
export interface NavigationEvents {
  /** A navigation began (before the target's code and data load). */
  routeChangeStart: (url: string, info: NavigationInfo) => void;
  /** The target is loaded and the address is about to change; return false to cancel the navigation. */
  beforeHistoryChange: (url: string, info: NavigationInfo) => boolean | void;
  /** The new page is shown. */
  routeChangeComplete: (url: string, info: NavigationInfo) => void;
  /** The navigation was cancelled or its code failed to load. */
  routeChangeError: (error: RouteChangeError, url: string, info: NavigationInfo) => void;
}

/** A navigation event's name. */
export type NavigationEventName = keyof NavigationEvents;

/** The event names, in the order a navigation emits them. */
export const NAVIGATION_EVENTS = [
  'routeChangeStart',
  'beforeHistoryChange',
  'routeChangeComplete',
  'routeChangeError',
] as const satisfies readonly NavigationEventName[];

/**
 * The site's router as a plugin sees it (the original's `dzqRouter`), one per mounted plugin: its handlers
 * hear navigations only while the plugin is mounted and are dropped when it unmounts. On the server it never
 * emits and `push` resolves false.
 */
export interface PluginRouter {
  /**
   * Goes to an address. Resolves true when the page is shown, false when the navigation was cancelled, failed
   * or left the single-page app (an address on another site is opened with a full page load).
   */
  push(url: string): Promise<boolean>;
  /** Like push, replacing the current history entry. */
  replace(url: string): Promise<boolean>;
  /** One step back in history. */
  back(): void;
  /** Subscribes; returns the unsubscribe function (return it from a `useEffect`). */
  on<E extends NavigationEventName>(event: E, handler: NavigationEvents[E]): () => void;
  /** Unsubscribes a handler given to `on`. */
  off<E extends NavigationEventName>(event: E, handler: NavigationEvents[E]): void;
}
