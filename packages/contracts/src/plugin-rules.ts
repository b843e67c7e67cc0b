/**
 * Plugin descriptor rules of spec §5, written without zod so the web's plugin registry can check descriptors
 * on every page without pulling zod into the first-load bundle (the zod schemas in plugins.ts use the same
 * predicates, and a test keeps the two in agreement).
 */

/** Plugin targets of the spec (§3); each names a group of slots. */
export const PLUGIN_TARGETS = [
  'plugin_system',
  'plugin_index',
  'plugin_detail',
  'plugin_post',
  'plugin_page',
  'plugin_global',
  'plugin_user',
] as const;

/** A plugin target. */
export type PluginTarget = (typeof PLUGIN_TARGETS)[number];

/** Platforms a plugin may declare (spec §5). */
export const PLUGIN_PLATFORMS = ['pc', 'h5', 'mini'] as const;

/** A platform a plugin may declare. */
export type PluginPlatform = (typeof PLUGIN_PLATFORMS)[number];

/** Spec §9: three dot-separated numbers of 1 to 3 digits each. */
export const PLUGIN_VERSION_PATTERN = /^\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** A page plugin's path under `/plugin/`: plain segments, so it can never escape that prefix. */
export const PLUGIN_PATH_PATTERN = /^[A-Za-z0-9][\w-]*(\/[\w-]+)*$/;

/** The names of the §5 rules, in the order they are checked; a failure names one of them. */
export type PluginRule =
  | 'descriptor'
  | 'pluginName'
  | 'version'
  | 'target'
  | 'hookName'
  | 'component'
  | 'author'
  | 'type'
  | 'appid'
  | 'platform'
  | 'path'
  | 'priority';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.trim().length > 0;

// React marks its wrapper element types with these symbols; contracts may not import React itself.
const ELEMENT_TYPE_TAGS = new Set<symbol>([
  Symbol.for('react.memo'),
  Symbol.for('react.forward_ref'),
  Symbol.for('react.lazy'),
]);

/** True for a React element type: a function or class component, or a memo / forwardRef / lazy object. */
export function isElementType(v: unknown): boolean {
  if (typeof v === 'function') return true;
  if (!isObj(v)) return false;
  const tag = v.$$typeof;
  return typeof tag === 'symbol' && ELEMENT_TYPE_TAGS.has(tag);
}

/** Predicates per field, shared by the rule runner below and the zod schemas. */
export const pluginChecks = {
  pluginName: nonEmpty,
  version: (v: unknown) => typeof v === 'string' && PLUGIN_VERSION_PATTERN.test(v),
  target: (v: unknown) => {
    const known = (x: unknown) => (PLUGIN_TARGETS as readonly unknown[]).includes(x);
    return Array.isArray(v) ? v.length > 0 && v.every(known) : known(v);
  },
  hookName: nonEmpty,
  /** The manifest of a package may name several hooks, one per UI descriptor it ships. */
  manifestHookName: (v: unknown) => nonEmpty(v) || (Array.isArray(v) && v.length > 0 && v.every(nonEmpty)),
  component: (v: unknown) => v === 'padding' || isElementType(v),
  author: (v: unknown) => isObj(v) && nonEmpty(v.name) && nonEmpty(v.email),
  type: (v: unknown) => (typeof v === 'number' && Number.isFinite(v)) || nonEmpty(v),
  appid: (v: unknown) => nonEmpty(v) || (typeof v === 'number' && Number.isFinite(v)),
  platform: (v: unknown) =>
    Array.isArray(v) &&
    v.every((p) => typeof p === 'string') &&
    v.some((p) => (PLUGIN_PLATFORMS as readonly unknown[]).includes(p)),
  path: (v: unknown) => v === undefined || (typeof v === 'string' && PLUGIN_PATH_PATTERN.test(v)),
  priority: (v: unknown) => v === undefined || (typeof v === 'number' && Number.isFinite(v)),
} as const;

/** What each rule demands, for the warning that names it. */
export const PLUGIN_RULE_TEXT: Record<PluginRule, string> = {
  descriptor: 'the descriptor must be an object',
  pluginName: 'pluginName is required and must not be empty',
  version: 'version must be three dot-separated numbers of 1 to 3 digits',
  target: 'target must be one allowed target or a non-empty list of them',
  hookName: 'hookName is required and must not be empty',
  component: "component must be a valid UI element type or the literal 'padding'",
  author: 'author is required, with a name and an email',
  type: 'type is required',
  appid: 'appid is required',
  platform: 'platform must be a list including at least one of pc, h5, mini',
  path: 'path, when given, must be plain segments such as "hello" or "shop/orders"',
  priority: 'priority, when given, must be a number',
};

/** The result of checking one descriptor: ok, or the first failing rule and the plugin it belongs to. */
export type PluginCheck =
  { ok: true; plugin: string } | { ok: false; plugin: string; rule: PluginRule; message: string };

const UI_RULES = [
  'pluginName',
  'version',
  'target',
  'hookName',
  'component',
  'author',
  'type',
  'appid',
  'platform',
  'path',
  'priority',
] as const;

function run(d: unknown, rules: readonly (PluginRule & keyof typeof pluginChecks)[], manifest: boolean) {
  const plugin = isObj(d) && nonEmpty(d.pluginName) ? d.pluginName : '(unnamed plugin)';
  const fail = (rule: PluginRule): PluginCheck => ({
    ok: false,
    plugin,
    rule,
    message: `plugin "${plugin}" rejected (rule ${rule}): ${PLUGIN_RULE_TEXT[rule]}`,
  });
  if (!isObj(d)) return fail('descriptor');
  for (const rule of rules) {
    const check = manifest && rule === 'hookName' ? pluginChecks.manifestHookName : pluginChecks[rule];
    if (!check(d[rule])) return fail(rule);
  }
  return { ok: true, plugin } as PluginCheck;
}

/** Checks a UI plugin descriptor against spec §5; reports only the first failing rule. */
export function validatePluginDescriptor(d: unknown): PluginCheck {
  return run(d, UI_RULES, false);
}

/** Checks a server manifest (`plugin.json`): the descriptor's fields without the component. */
export function validatePluginManifest(d: unknown): PluginCheck {
  return run(
    d,
    UI_RULES.filter((r) => r !== 'component'),
    true,
  );
}
