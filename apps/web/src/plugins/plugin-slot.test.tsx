// @vitest-environment jsdom
import { act, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SlotRenderProps } from '@forum/plugin-sdk';
import { createMemoryRouter } from 'react-router';
import { createNavigationHub } from './plugin-navigation.ts';
import { createPluginRegistry } from './plugin-registry.ts';
import { PluginSlot } from './plugin-slot.tsx';
import { descriptor, Hosted } from './plugin-test-kit.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

function registryOf(list: unknown[]) {
  const registry = createPluginRegistry(
    () => list,
    () => {},
  );
  registry.refresh();
  return registry;
}

const says = (text: string) => () => <b>{text}</b>;

function HomeHeader() {
  return (
    <>
      <PluginSlot target="plugin_index" hook="header_insert_before_hook" />
      <PluginSlot target="plugin_index" hook="header_replace_hook">
        <i>core header</i>
      </PluginSlot>
      <PluginSlot target="plugin_index" hook="header_insert_after_hook" />
    </>
  );
}

const header = (hookName: string, pluginName: string, over: Record<string, unknown> = {}) =>
  descriptor({ pluginName, hookName, component: says(pluginName), ...over });

describe('PluginSlot', () => {
  it('renders the core block when no plugin fills a replace slot', () => {
    const html = renderToString(
      <Hosted registry={registryOf([])}>
        <HomeHeader />
      </Hosted>,
    );
    expect(html).toBe('<i>core header</i>');
  });

  it('renders one plugin (highest priority) instead of the core block in a replace slot', () => {
    const registry = registryOf([
      header('header_replace_hook', 'low'),
      header('header_replace_hook', 'high', { priority: 2 }),
    ]);
    const html = renderToString(
      <Hosted registry={registry}>
        <HomeHeader />
      </Hosted>,
    );
    expect(html).toContain('<b>high</b>');
    expect(html).not.toContain('low');
    expect(html).not.toContain('core header');
  });

  it('renders every plugin of an insert slot in priority order, around the core block', () => {
    const registry = registryOf([
      header('header_insert_after_hook', 'second'),
      header('header_insert_after_hook', 'first', { priority: 1 }),
      header('header_insert_before_hook', 'before'),
    ]);
    const html = renderToString(
      <Hosted registry={registry}>
        <HomeHeader />
      </Hosted>,
    );
    const order = ['before', 'core header', 'first', 'second'].map((s) => html.indexOf(s));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('hides the core block with a padding plugin', () => {
    const registry = registryOf([header('header_replace_hook', 'blank', { component: 'padding' })]);
    const html = renderToString(
      <Hosted registry={registry}>
        <HomeHeader />
      </Hosted>,
    );
    expect(html).not.toContain('core header');
  });

  it('renders only the plugins of the current platform', () => {
    const registry = registryOf([
      header('header_insert_after_hook', 'pc-one', { platform: ['pc'] }),
      header('header_insert_after_hook', 'h5-one', { platform: ['h5'] }),
    ]);
    const html = renderToString(
      <Hosted registry={registry} platform="h5">
        <HomeHeader />
      </Hosted>,
    );
    expect(html).toContain('h5-one');
    expect(html).not.toContain('pc-one');
  });

  it('warns and renders nothing when the page lacks a required input', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const registry = registryOf([
      descriptor({
        pluginName: 'needs-sticks',
        hookName: 'topping_insert_after_hook',
        component: says('pinned plugin'),
      }),
    ]);
    const html = renderToString(
      <Hosted registry={registry}>
        <PluginSlot target="plugin_index" hook="topping_insert_after_hook" sticks={undefined} />
        <PluginSlot target="plugin_index" hook="topping_insert_after_hook" sticks={undefined} />
      </Hosted>,
    );
    expect(html).toBe('');
    // Once per app instance, naming the plugin and the input.
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/"needs-sticks".*missing required input sticks/);
  });

  it('warns when a host names no slot of the catalogue', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const Loose = PluginSlot as unknown as (p: Record<string, unknown>) => React.ReactNode;
    const html = renderToString(
      <Hosted registry={registryOf([])}>
        <Loose target="plugin_index">core</Loose>
      </Hosted>,
    );
    expect(html).toBe('core');
    expect(warn.mock.calls[0]![0]).toMatch(/needs a target and a hook name/);
  });

  it('gives the common inputs, its own store, and no viewer in the server render', () => {
    const seen: SlotRenderProps<'plugin_index@header_insert_after_hook'>[] = [];
    const Probe = (p: SlotRenderProps<'plugin_index@header_insert_after_hook'>) => {
      seen.push(p);
      return null;
    };
    const registry = registryOf([header('header_insert_after_hook', 'probe', { component: Probe })]);
    renderToString(
      <Hosted registry={registry} user={{ id: 7, nickname: 'ann' }}>
        <HomeHeader />
      </Hosted>,
    );
    expect(seen[0]).toMatchObject({ isLogin: false, userInfo: null, site: { platform: 'pc', lang: 'zh' } });
    expect(seen[0]!.site.setSite.siteName).toBe('Test site');
    seen[0]!.pluginStore.set('k', 1);
    expect(seen[0]!.pluginAction.get('probe', 'k')).toBe(1);
    expect(seen[0]!.pluginAction.get('other', 'k')).toBeUndefined();
  });

  it('hydrates the server output, then gives the viewer to the plugin', async () => {
    const Greeting = ({ isLogin, userInfo }: SlotRenderProps<'plugin_index@header_insert_after_hook'>) => (
      <b>{isLogin ? `hi ${userInfo?.nickname}` : 'hi guest'}</b>
    );
    const registry = registryOf([header('header_insert_after_hook', 'greet', { component: Greeting })]);
    const tree = (
      <Hosted registry={registry} user={{ id: 7, nickname: 'ann' }}>
        <HomeHeader />
      </Hosted>
    );
    const server = renderToString(tree);
    expect(server).toContain('hi guest');
    const el = document.createElement('div');
    el.innerHTML = server;
    document.body.append(el);
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(el, tree, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(el.textContent).toContain('hi ann');
  });

  it('catches a throwing plugin in its own boundary, logs a plugin error, and the page goes on', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const Throws = () => {
      throw new Error('kaput');
    };
    const registry = registryOf([
      header('header_insert_before_hook', 'breaks', { component: Throws }),
      header('header_insert_after_hook', 'fine'),
      header('header_replace_hook', 'broken-header', { component: Throws }),
    ]);
    const el = document.createElement('div');
    document.body.append(el);
    const { createRoot } = await import('react-dom/client');
    await act(async () => {
      createRoot(el).render(
        <Hosted registry={registry}>
          <HomeHeader />
          <p>rest of the page</p>
        </Hosted>,
      );
    });
    expect(el.textContent).toContain('rest of the page');
    expect(el.textContent).toContain('fine');
    // A replace plugin that fails gives its place back to the core block.
    expect(el.textContent).toContain('core header');
    const logged = error.mock.calls.map((c) => String(c[0]));
    expect(logged).toContain('[plugin error] breaks');
    expect(logged).toContain('[plugin error] broken-header');
  });

  it('gives each mounted plugin a router that hears navigations until the plugin unmounts', async () => {
    const heard: string[] = [];
    const Listener = ({ router }: SlotRenderProps<'plugin_index@header_insert_after_hook'>) => {
      // A careless plugin that never unsubscribes: the host drops its handlers when it unmounts.
      useEffect(() => {
        router.on('routeChangeComplete', (url) => void heard.push(url));
      }, [router]);
      return null;
    };
    const router = createMemoryRouter([{ path: '/' }, { path: '/a' }, { path: '/b' }]);
    const hub = createNavigationHub({ fullLoad: vi.fn() });
    const detach = hub.attach(router);
    const registry = registryOf([header('header_insert_after_hook', 'listener', { component: Listener })]);
    const el = document.body.appendChild(document.createElement('div'));
    const { createRoot } = await import('react-dom/client');
    const root = createRoot(el);
    await act(async () => {
      root.render(
        <Hosted registry={registry} navigation={hub}>
          <HomeHeader />
        </Hosted>,
      );
    });
    await act(() => router.navigate('/a'));
    expect(heard).toEqual(['/a']);
    act(() => root.unmount());
    await router.navigate('/b');
    expect(heard).toEqual(['/a']);
    detach();
  });
});
