import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPluginRegistry, pluginInStack } from './plugin-registry.ts';
import { descriptor } from './plugin-test-kit.tsx';
import { installedDescriptors } from './installed-plugins.ts';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { validatePluginDescriptor, validatePluginManifest } from '@forum/contracts/plugin-rules';

afterEach(() => vi.restoreAllMocks());

function registryOf(list: unknown[]) {
  const warn = vi.fn<(msg: string) => void>();
  const registry = createPluginRegistry(() => list, warn);
  registry.refresh();
  return { registry, warn };
}

const KEY = 'plugin_index@header_insert_after_hook';

describe('plugin registry (spec §4, §5)', () => {
  it('registers a valid descriptor in its slot', () => {
    const { registry, warn } = registryOf([descriptor({ pluginName: 'ok' })]);
    expect(registry.forSlot(KEY, 'pc').map((p) => p.name)).toEqual(['ok']);
    expect(warn).not.toHaveBeenCalled();
  });

  const invalid: Array<[string, Record<string, unknown>]> = [
    ['pluginName', { pluginName: '' }],
    ['version', { version: '1.0' }],
    ['target', { target: 'plugin_elsewhere' }],
    ['hookName', { hookName: '' }],
    ['component', { component: 'div' }],
    ['author', { author: undefined }],
    ['type', { type: undefined }],
    ['appid', { appid: undefined }],
    ['platform', { platform: ['tv'] }],
  ];
  for (const [rule, over] of invalid) {
    it(`rejects a descriptor failing rule ${rule}, warning with the plugin and the rule`, () => {
      const name = rule === 'pluginName' ? '(unnamed plugin)' : `bad-${rule}`;
      const { registry, warn } = registryOf([descriptor({ pluginName: `bad-${rule}`, ...over })]);
      expect(registry.forSlot(KEY, 'pc')).toEqual([]);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]![0]).toContain(`"${name}"`);
      expect(warn.mock.calls[0]![0]).toContain(`rule ${rule}`);
    });
  }

  it('rejects a hook that is not in the catalogue, and a page plugin without a path', () => {
    const { registry, warn } = registryOf([
      descriptor({ pluginName: 'nowhere', hookName: 'sidebar_hook' }),
      descriptor({ pluginName: 'pathless', target: 'plugin_system', hookName: 'add_page_hook' }),
    ]);
    expect(registry.forSlot(KEY, 'pc')).toEqual([]);
    expect(registry.page('x', 'pc')).toBeUndefined();
    expect(warn.mock.calls.map((c) => c[0])).toEqual([
      expect.stringMatching(/"nowhere".*rule slot/),
      expect.stringMatching(/"pathless".*rule path/),
    ]);
  });

  it('registers a plugin only for the platforms it lists (h5 on mobile, pc otherwise)', () => {
    const { registry } = registryOf([
      descriptor({ pluginName: 'pc-only', platform: ['pc'] }),
      descriptor({ pluginName: 'h5-only', platform: ['h5'] }),
      descriptor({ pluginName: 'mini-only', platform: ['mini'] }),
    ]);
    expect(registry.forSlot(KEY, 'pc').map((p) => p.name)).toEqual(['pc-only']);
    expect(registry.forSlot(KEY, 'h5').map((p) => p.name)).toEqual(['h5-only']);
  });

  it('orders a slot by priority, then by registration order', () => {
    const { registry } = registryOf([
      descriptor({ pluginName: 'a' }),
      descriptor({ pluginName: 'b', priority: 5 }),
      descriptor({ pluginName: 'c' }),
      descriptor({ pluginName: 'd', priority: -1 }),
    ]);
    expect(registry.forSlot(KEY, 'pc').map((p) => p.name)).toEqual(['b', 'a', 'c', 'd']);
  });

  it('registers one entry per target of a target list', () => {
    const { registry } = registryOf([
      descriptor({
        pluginName: 'both',
        target: ['plugin_index', 'plugin_detail'],
        hookName: 'thread_extension_display_hook',
      }),
    ]);
    expect(registry.forSlot('plugin_index@thread_extension_display_hook', 'pc')).toHaveLength(1);
    expect(registry.forSlot('plugin_detail@thread_extension_display_hook', 'pc')).toHaveLength(1);
  });

  it('finds page plugins by path and platform', () => {
    const { registry } = registryOf([
      descriptor({ pluginName: 'pg', target: 'plugin_system', hookName: 'add_page_hook', path: 'hello' }),
    ]);
    expect(registry.page('hello', 'h5')?.name).toBe('pg');
    expect(registry.page('other', 'h5')).toBeUndefined();
  });

  it('re-validates stored plugins on refresh and removes one that became invalid', () => {
    const stored = descriptor({ pluginName: 'changes' });
    const { registry, warn } = registryOf([stored]);
    expect(registry.forSlot(KEY, 'pc')).toHaveLength(1);
    stored.version = 'broken';
    registry.refresh();
    expect(registry.forSlot(KEY, 'pc')).toEqual([]);
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/"changes".*rule version.*removed from the store/),
    );
    // Fixed again: the next refresh takes it back.
    stored.version = '1.0.1';
    registry.refresh();
    expect(registry.forSlot(KEY, 'pc')).toHaveLength(1);
  });

  it('names the plugin of a server-side component stack', () => {
    expect(pluginInStack('\n    at Boom (x.js:1:1)\n    at ForumPlugin:hello-banner (y.js:2:2)')).toBe(
      'hello-banner',
    );
    expect(pluginInStack('\n    at Header (x.js:1:1)')).toBeNull();
    expect(pluginInStack(undefined)).toBeNull();
  });

  it('bundles the installed first-party plugins, all valid', () => {
    const all = installedDescriptors();
    expect(all.length).toBeGreaterThan(0);
    for (const d of all) expect(validatePluginDescriptor(d)).toMatchObject({ ok: true });
  });

  it('has a valid plugin.json for every plugin package, naming the plugin its descriptors name', () => {
    const dir = path.resolve(import.meta.dirname, '../../../../plugins');
    const names = new Set(installedDescriptors().map((d) => (d as { pluginName: string }).pluginName));
    const packages = readdirSync(dir).filter((n) => existsSync(path.join(dir, n, 'plugin.json')));
    expect(packages.length).toBeGreaterThan(0);
    for (const n of packages) {
      const manifest = JSON.parse(readFileSync(path.join(dir, n, 'plugin.json'), 'utf8')) as {
        pluginName: string;
      };
      expect(validatePluginManifest(manifest), n).toMatchObject({ ok: true });
      expect(names.has(manifest.pluginName), n).toBe(true);
    }
  });
});
