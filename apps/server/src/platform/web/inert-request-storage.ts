import asyncHooks from 'node:async_hooks';
import { syncBuiltinESMExports } from 'node:module';

/**
 * An AsyncLocalStorage that keeps nothing: `run` just calls, `getStore` finds nothing. Only what a module
 * creates while it loads gets one (see {@link importWithInertRequestStorage}).
 */
class InertStorage<T> {
  run<R, A extends unknown[]>(_store: T, fn: (...args: A) => R, ...args: A): R {
    return fn(...args);
  }
  exit<R, A extends unknown[]>(fn: (...args: A) => R, ...args: A): R {
    return fn(...args);
  }
  getStore(): T | undefined {
    return undefined;
  }
  enterWith(_store: T): void {}
  disable(): void {}
}

/**
 * Imports the SSR bundle with React's request storage made inert. React's Node renderer creates an
 * AsyncLocalStorage when it loads and `run`s each render in it; on Node 20 the first `run` of any storage turns
 * promise hooks on for the rest of the process, so after the first page every promise of every request (an API
 * call makes dozens) pays for context tracking nobody reads: 3.8 % of a reply's CPU in a profile, plus the GC of
 * what it keeps. React reads that storage only for resource hints issued from async code outside a render's
 * own work; our pages render with their data loaded and issue none, and during the work React finds its request
 * without the storage. Storages made before or after this import are the real thing.
 */
export async function importWithInertRequestStorage<T>(href: string): Promise<T> {
  const hooks = asyncHooks as unknown as { AsyncLocalStorage: unknown };
  const real = hooks.AsyncLocalStorage;
  // CommonJS reads the property when it loads (React does); ES modules' named imports follow once synced.
  hooks.AsyncLocalStorage = InertStorage;
  syncBuiltinESMExports();
  try {
    return (await import(href)) as T;
  } finally {
    hooks.AsyncLocalStorage = real;
    syncBuiltinESMExports();
  }
}
