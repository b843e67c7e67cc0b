// @vitest-environment jsdom
import { createMemoryRouter, type DataRouter, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PluginRouter, RouteChangeError } from '@forum/plugin-sdk';
import { createNavigationHub, ROUTE_LOAD_TIMEOUT_MS } from './plugin-navigation.ts';

const never = () => new Promise<Record<string, unknown>>(() => {});

function setup(lazy: Record<string, () => Promise<Record<string, unknown>>> = {}) {
  const routes: RouteObject[] = [
    {
      path: '/',
      children: [
        { index: true },
        { path: 'a' },
        { path: 'b', loader: () => ({ b: 1 }) },
        ...Object.entries(lazy).map(([path, load]) => ({ path, lazy: load })),
      ],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  const fullLoad = vi.fn<(href: string) => void>();
  const hub = createNavigationHub({ fullLoad });
  const detach = hub.attach(router);
  cleanups.push(() => {
    detach();
    router.dispose();
  });
  return { router, hub, fullLoad };
}

const cleanups: Array<() => void> = [];
afterEach(() => {
  cleanups.splice(0).forEach((c) => c());
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A mounted plugin whose every event is logged as `event url` (errors as `routeChangeError url message`). */
function logger(hub: ReturnType<typeof createNavigationHub>, name = 'logger') {
  const scope = hub.scope(name);
  const unmount = scope.mount();
  const log: string[] = [];
  const errors: RouteChangeError[] = [];
  const r: PluginRouter = scope.router;
  r.on('routeChangeStart', (url) => void log.push(`start ${url}`));
  r.on('beforeHistoryChange', (url) => void log.push(`before ${url}`));
  r.on('routeChangeComplete', (url) => void log.push(`complete ${url}`));
  r.on('routeChangeError', (error, url) => {
    errors.push(error);
    log.push(`error ${url} ${error.message}`);
  });
  return { router: r, log, errors, unmount };
}

const path = (router: DataRouter) => router.state.location.pathname;

describe('plugin navigation events', () => {
  it('tells a mounted plugin start, before-history and complete, in order, for any navigation', async () => {
    const { router, hub } = setup();
    const p = logger(hub);
    expect(await p.router.push('/a?x=1#h')).toBe(true);
    expect(p.log).toEqual(['start /a?x=1#h', 'before /a?x=1#h', 'complete /a?x=1#h']);
    // A navigation the plugin did not start (a link click is router.navigate) is reported the same way.
    p.log.length = 0;
    await router.navigate('/b');
    await vi.waitFor(() => expect(p.log).toContain('complete /b'));
    expect(p.log).toEqual(['start /b', 'before /b', 'complete /b']);
    expect(path(router)).toBe('/b');
  });

  it('stops telling a plugin once it unsubscribes or unmounts, and never tells one that is not mounted', async () => {
    const { router, hub } = setup();
    const scope = hub.scope('quiet');
    const heard: string[] = [];
    scope.router.on('routeChangeStart', (url) => void heard.push(url));
    await router.navigate('/a');
    expect(heard).toEqual([]);

    const unmount = scope.mount();
    const off = scope.router.on('routeChangeComplete', (url) => void heard.push(`done ${url}`));
    await scope.router.push('/b');
    expect(heard).toEqual(['/b', 'done /b']);
    off();
    await scope.router.push('/a');
    expect(heard).toEqual(['/b', 'done /b', '/a']);
    unmount();
    await router.navigate('/b');
    expect(heard).toEqual(['/b', 'done /b', '/a']);
  });

  it('a beforeHistoryChange handler returning false cancels: push resolves false and the page stays', async () => {
    const { router, hub } = setup();
    const p = logger(hub);
    const canceller = hub.scope('canceller');
    canceller.mount();
    canceller.router.on('beforeHistoryChange', (url) => url !== '/a' && undefined);
    canceller.router.on('beforeHistoryChange', (url) => (url === '/a' ? false : undefined));
    expect(await p.router.push('/a')).toBe(false);
    expect(path(router)).toBe('/');
    expect(p.log).toEqual(['start /a', 'before /a', 'error /a Route Cancelled']);
    expect(p.errors[0]?.cancelled).toBe(true);
    // The router is not left blocked: the next navigation goes through.
    expect(await p.router.push('/b')).toBe(true);
    expect(path(router)).toBe('/b');
  });

  it('a link-style navigation that a plugin cancels keeps the location too', async () => {
    const { router, hub } = setup();
    const scope = hub.scope('canceller');
    scope.mount();
    scope.router.on('beforeHistoryChange', () => false);
    await router.navigate('/a');
    await vi.waitFor(() =>
      expect(router.state.blockers.get('forum-plugin-navigation')?.state).toBe('unblocked'),
    );
    expect(path(router)).toBe('/');
  });

  it('back (a POP navigation) is reported, and a cancel keeps the page', async () => {
    const { router, hub } = setup();
    const p = logger(hub);
    await p.router.push('/a');
    p.log.length = 0;
    p.router.back();
    await vi.waitFor(() => expect(p.log).toContain('complete /'));
    expect(p.log).toEqual(['start /', 'before /', 'complete /']);
    await p.router.push('/b');
    const stop = p.router.on('beforeHistoryChange', () => false);
    p.log.length = 0;
    p.router.back();
    await vi.waitFor(() => expect(p.log).toContain('error / Route Cancelled'));
    expect(p.log).toEqual(['start /', 'before /', 'error / Route Cancelled']);
    expect(path(router)).toBe('/b');
    stop();
  });

  it('a target on another site is a full page load and push resolves false', async () => {
    const { router, hub, fullLoad } = setup();
    const p = logger(hub);
    expect(await p.router.push('https://elsewhere.example.invalid/x?y=1')).toBe(false);
    expect(fullLoad).toHaveBeenCalledWith('https://elsewhere.example.invalid/x?y=1');
    expect(p.log).toEqual([]);
    expect(path(router)).toBe('/');
  });

  it(`route code that has not loaded after ${ROUTE_LOAD_TIMEOUT_MS} ms is an asset-load error, then a full page load`, async () => {
    vi.useFakeTimers();
    const { router, hub, fullLoad } = setup({ slow: never });
    const p = logger(hub);
    const result = p.router.push('/slow?q=1');
    await vi.advanceTimersByTimeAsync(ROUTE_LOAD_TIMEOUT_MS - 1);
    expect(p.log).toEqual(['start /slow?q=1']);
    expect(fullLoad).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(p.log).toEqual(['start /slow?q=1', 'error /slow?q=1 Route did not complete loading: /slow?q=1']);
    expect(p.errors[0]?.assetError).toBe(true);
    expect(fullLoad).toHaveBeenCalledWith('/slow?q=1');
    expect(await result).toBe(false);
    expect(path(router)).toBe('/');
  });

  it('route code that fails to load is an asset-load error, then a full page load', async () => {
    const { hub, fullLoad } = setup({ broken: () => Promise.reject(new Error('chunk 404')) });
    const p = logger(hub);
    expect(await p.router.push('/broken')).toBe(false);
    expect(p.log).toEqual(['start /broken', 'error /broken Failed to load route code: /broken']);
    expect(p.errors[0]?.assetError).toBe(true);
    expect((p.errors[0]?.cause as Error).message).toBe('chunk 404');
    expect(fullLoad).toHaveBeenCalledWith('/broken');
  });

  it('route code that loads in time is shown, and the router does not load it again', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const lazyPage = () =>
      new Promise<Record<string, unknown>>((resolve) => {
        calls += 1;
        setTimeout(() => resolve({ loader: () => 'ok' }), ROUTE_LOAD_TIMEOUT_MS - 100);
      });
    let once: Promise<Record<string, unknown>> | undefined;
    const { router, hub, fullLoad } = setup({ late: () => (once ??= lazyPage()) });
    const p = logger(hub);
    const result = p.router.push('/late');
    await vi.advanceTimersByTimeAsync(ROUTE_LOAD_TIMEOUT_MS);
    expect(await result).toBe(true);
    expect(p.log).toEqual(['start /late', 'before /late', 'complete /late']);
    expect(calls).toBe(1);
    expect(fullLoad).not.toHaveBeenCalled();
    expect(router.state.loaderData).toMatchObject({ '0-3': 'ok' });
  });

  it('a newer navigation cancels the one still loading', async () => {
    const { router, hub } = setup({ slow: never });
    const p = logger(hub);
    const first = p.router.push('/slow');
    expect(await p.router.push('/a')).toBe(true);
    expect(await first).toBe(false);
    expect(p.log).toEqual([
      'start /slow',
      'error /slow Route Cancelled',
      'start /a',
      'before /a',
      'complete /a',
    ]);
    expect(path(router)).toBe('/a');
  });

  it('a throwing handler is logged as that plugin error and the navigation goes on', async () => {
    const { router, hub } = setup();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const bad = hub.scope('bad');
    bad.mount();
    bad.router.on('routeChangeStart', () => {
      throw new Error('oops');
    });
    expect(await bad.router.push('/a')).toBe(true);
    expect(path(router)).toBe('/a');
    expect(errors).toHaveBeenCalledWith('[plugin error] bad', expect.any(Error));
  });

  it('push before the hub follows a router (a server render) resolves false', async () => {
    const hub = createNavigationHub({ fullLoad: vi.fn() });
    expect(await hub.scope('early').router.push('/a')).toBe(false);
  });
});
