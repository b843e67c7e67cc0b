import { describe, expect, it } from 'vitest';
import {
  validatePluginDescriptor,
  validatePluginManifest,
  isElementType,
  type PluginRule,
} from './plugin-rules.js';
import { pluginDescriptorSchema, pluginManifestSchema } from './plugins.js';

function Banner() {
  return null;
}
class ClassBanner {
  render() {
    return null;
  }
}
const memoLike = { $$typeof: Symbol.for('react.memo'), type: Banner };
const forwardRefLike = { $$typeof: Symbol.for('react.forward_ref'), render: Banner };
const lazyLike = { $$typeof: Symbol.for('react.lazy'), _payload: null, _init: () => Banner };

const valid = {
  pluginName: 'hello',
  version: '1.0.0',
  target: 'plugin_index',
  hookName: 'header_insert_after_hook',
  component: Banner,
  author: { name: 'Dev', email: 'dev@example.invalid' },
  type: 0,
  appid: 'hello-1',
  platform: ['pc', 'h5'],
};

// Spec §5, one row per rule: a descriptor that passes it and one that fails it (the rest is valid).
const table: Array<{ rule: PluginRule; pass: Record<string, unknown>[]; fail: Record<string, unknown>[] }> = [
  {
    rule: 'pluginName',
    pass: [{ pluginName: 'x' }],
    fail: [{ pluginName: '' }, { pluginName: '  ' }, { pluginName: undefined }, { pluginName: 3 }],
  },
  {
    rule: 'version',
    pass: [{ version: '0.0.1' }, { version: '123.45.6' }],
    fail: [
      { version: '1.0' },
      { version: '1.0.0.0' },
      { version: '1234.0.0' },
      { version: 'v1.0.0' },
      { version: undefined },
    ],
  },
  {
    rule: 'target',
    pass: [{ target: 'plugin_user' }, { target: ['plugin_index', 'plugin_detail'] }],
    fail: [
      { target: 'plugin_nowhere' },
      { target: [] },
      { target: ['plugin_index', 'x'] },
      { target: undefined },
    ],
  },
  {
    rule: 'hookName',
    pass: [{ hookName: 'any_hook' }],
    fail: [{ hookName: '' }, { hookName: undefined }, { hookName: ['a'] }],
  },
  {
    rule: 'component',
    pass: [
      { component: ClassBanner },
      { component: memoLike },
      { component: forwardRefLike },
      { component: lazyLike },
      { component: 'padding' },
    ],
    fail: [
      { component: 'div' },
      { component: {} },
      { component: { $$typeof: Symbol.for('react.element') } },
      { component: undefined },
      { component: null },
    ],
  },
  {
    rule: 'author',
    pass: [{ author: { name: 'a', email: 'a@b.c' } }],
    fail: [
      { author: undefined },
      { author: 'Dev' },
      { author: { name: 'a' } },
      { author: { name: '', email: 'e' } },
    ],
  },
  {
    rule: 'type',
    pass: [{ type: 4 }, { type: 'banner' }],
    fail: [{ type: undefined }, { type: '' }, { type: null }],
  },
  { rule: 'appid', pass: [{ appid: 'abc' }, { appid: 7 }], fail: [{ appid: undefined }, { appid: '' }] },
  {
    rule: 'platform',
    pass: [{ platform: ['mini'] }, { platform: ['pc'] }, { platform: ['h5', 'tv'] }],
    fail: [{ platform: [] }, { platform: ['tv'] }, { platform: 'pc' }, { platform: undefined }],
  },
  {
    rule: 'path',
    pass: [{ path: 'hello' }, { path: 'shop/orders' }, {}],
    fail: [{ path: '' }, { path: '../x' }, { path: '/abs' }],
  },
  { rule: 'priority', pass: [{ priority: 5 }, {}], fail: [{ priority: '5' }, { priority: Number.NaN }] },
];

describe('validatePluginDescriptor (spec §5)', () => {
  it('accepts a valid descriptor', () => {
    expect(validatePluginDescriptor(valid)).toEqual({ ok: true, plugin: 'hello' });
    expect(pluginDescriptorSchema.safeParse(valid).success).toBe(true);
  });

  for (const row of table) {
    it(`rule ${row.rule}: passes and fails as the spec says, and the zod schema agrees`, () => {
      for (const p of row.pass) {
        const d = { ...valid, ...p };
        expect(validatePluginDescriptor(d), JSON.stringify(p)).toMatchObject({ ok: true });
        expect(pluginDescriptorSchema.safeParse(d).success, JSON.stringify(p)).toBe(true);
      }
      for (const f of row.fail) {
        const d = { ...valid, ...f };
        const r = validatePluginDescriptor(d);
        expect(r, String(Object.values(f)[0])).toMatchObject({ ok: false, rule: row.rule });
        if (!r.ok) {
          expect(r.message).toContain(row.rule);
          expect(r.message).toContain(row.rule === 'pluginName' ? '(unnamed plugin)' : '"hello"');
        }
        expect(pluginDescriptorSchema.safeParse(d).success, JSON.stringify(f)).toBe(false);
      }
    });
  }

  it('reports only the first failing rule, in the order of §5', () => {
    const r = validatePluginDescriptor({ ...valid, version: 'x', appid: '' });
    expect(r).toMatchObject({ ok: false, rule: 'version', plugin: 'hello' });
  });

  it('rejects a descriptor that is not an object', () => {
    expect(validatePluginDescriptor(null)).toMatchObject({ ok: false, rule: 'descriptor' });
    expect(validatePluginDescriptor([valid])).toMatchObject({ ok: false, rule: 'descriptor' });
  });

  it('knows React element types by shape without importing React', () => {
    expect(isElementType(Banner)).toBe(true);
    expect(isElementType(memoLike)).toBe(true);
    expect(isElementType({ $$typeof: 'react.memo' })).toBe(false);
  });
});

describe('validatePluginManifest (plugin.json)', () => {
  const { component: _omit, ...manifest } = valid;
  it('takes the descriptor without a component, and a list of hook names', () => {
    expect(validatePluginManifest(manifest)).toMatchObject({ ok: true });
    expect(validatePluginManifest({ ...manifest, hookName: ['a_hook', 'b_hook'] })).toMatchObject({
      ok: true,
    });
    expect(pluginManifestSchema.safeParse({ ...manifest, hookName: ['a_hook'] }).success).toBe(true);
  });
  it('applies the same rules', () => {
    expect(validatePluginManifest({ ...manifest, version: '1' })).toMatchObject({
      ok: false,
      rule: 'version',
    });
    expect(validatePluginManifest({ ...manifest, hookName: [] })).toMatchObject({
      ok: false,
      rule: 'hookName',
    });
    expect(pluginManifestSchema.safeParse({ ...manifest, platform: ['tv'] }).success).toBe(false);
  });
});
