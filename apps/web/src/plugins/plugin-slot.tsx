import { memo, Suspense, useContext, useEffect, useState, type ReactNode } from 'react';
import { findSlot, type HookOf, type KeyOf, type PluginTarget, type SlotOwnProps } from '@forum/plugin-sdk';
import { PluginBoundary } from './plugin-boundary.tsx';
import { PluginHostContext, useHydrated, type PluginHostValue } from './plugin-host.tsx';
import type { RegisteredPlugin } from './plugin-registry.ts';
import { isRuntimePlugin, useRuntimeVersion } from './runtime-plugins.ts';

/** The slot's own inputs; each must be named, and may be undefined while the page is still loading it. */
type OwnInputs<K extends keyof SlotOwnProps> = {
  [P in keyof SlotOwnProps[K]]: SlotOwnProps[K][P] | undefined;
};

/** Props of a slot host: its place (target and hook name), its own inputs, and the core content it may replace. */
export type PluginSlotProps<T extends PluginTarget, H extends string> = {
  target: T;
  hook: H;
  /** The plugin's stored data for this place, when the page has it. */
  renderData?: unknown;
  /** Inputs that differ per plugin (its own block in a thread or a draft), by plugin name and appid. */
  perPlugin?: (plugin: { name: string; appid: string | number }) => Record<string, unknown>;
  /** The core block: shown by a replace slot that no plugin fills. */
  children?: ReactNode;
} & OwnInputs<KeyOf<T, H>>;

function warnOnce(host: PluginHostValue | null, message: string) {
  if (host?.warned.has(message)) return;
  host?.warned.add(message);
  console.warn(message);
}

/** Same plugin, host and core fallback, and inputs equal key by key. */
function sameFrame(a: FrameProps, b: FrameProps): boolean {
  if (a.plugin !== b.plugin || a.fallback !== b.fallback || a.host !== b.host) return false;
  const ka = Object.keys(a.inputs);
  return ka.length === Object.keys(b.inputs).length && ka.every((k) => Object.is(a.inputs[k], b.inputs[k]));
}

interface FrameProps {
  plugin: RegisteredPlugin;
  inputs: Record<string, unknown>;
  fallback: ReactNode;
  host: PluginHostValue;
}

/**
 * One plugin in its place: its own error boundary, a Suspense edge so a server-side throw stays local, and its
 * own router, which hears navigation events only while this frame is mounted (effects never run on the server).
 * Memoised: when a slot renders again for another plugin's sake (one installed at runtime arriving), a frame
 * whose inputs did not change is left alone.
 */
const PluginFrame = memo(function PluginFrame(props: {
  plugin: RegisteredPlugin;
  inputs: Record<string, unknown>;
  fallback: ReactNode;
  host: PluginHostValue;
}) {
  const { plugin, fallback, host } = props;
  const [navigation] = useState(() => host.navigation.scope(plugin.name));
  useEffect(() => navigation.mount(), [navigation]);
  const inputs = { ...props.inputs, router: navigation.router };
  return (
    <div className="plugin-frame" data-plugin={plugin.name} data-slot={plugin.key}>
      <PluginBoundary name={plugin.name} fallback={fallback}>
        <Suspense fallback={null}>
          <plugin.Render {...inputs} />
        </Suspense>
      </PluginBoundary>
    </div>
  );
}, sameFrame);

/**
 * A plugin slot (spec §2, §5): a replace slot shows its highest-priority plugin instead of the core children
 * (the children when none is registered), an insert slot shows all its plugins in priority order. When the page
 * lacks one of the slot's required inputs, each plugin warns and renders nothing.
 */
export function PluginSlot<T extends PluginTarget, H extends HookOf<T>>(props: PluginSlotProps<T, H>) {
  const host = useContext(PluginHostContext);
  // Plugins installed at runtime arrive after hydration: the slot looks again then (its frames stay put).
  useRuntimeVersion();
  const hydrated = useHydrated();
  const { target, hook, children, renderData, perPlugin, ...own } = props;
  const slot = target && hook ? findSlot(target, hook) : undefined;
  if (!slot) {
    warnOnce(
      host,
      `[plugin] a plugin host needs a target and a hook name of the catalogue (got ${target}@${hook})`,
    );
    return <>{children}</>;
  }
  if (!host) return <>{children}</>;
  const key = `${target}@${hook}`;
  const all = host.registry
    .forSlot(key, host.platform)
    .filter((p) => host.isOn(p.name) && (hydrated || !isRuntimePlugin(p.name)));
  // Page plugins share one slot; each serves its own path.
  const found = slot.required.includes('path')
    ? all.filter((p) => p.path === (own as { path?: unknown }).path)
    : all;
  const common = {
    renderData,
    pluginAction: host.stores.action,
    site: host.site,
    userInfo: host.userInfo,
    isLogin: host.isLogin,
  };
  const ready: Array<{ plugin: RegisteredPlugin; inputs: Record<string, unknown> }> = [];
  for (const p of slot.kind === 'replace' ? found.slice(0, 1) : found) {
    const inputs: Record<string, unknown> = {
      ...own,
      ...common,
      pluginStore: host.stores.of(p.name),
      ...perPlugin?.(p),
    };
    const missing = slot.required.filter((k) => inputs[k] === undefined);
    if (missing.length) {
      warnOnce(
        host,
        `[plugin] plugin "${p.name}" renders nothing in ${key}: missing required input ${missing.join(', ')}`,
      );
    } else ready.push({ plugin: p, inputs });
  }
  if (!ready.length) return <>{children}</>;
  return (
    <>
      {ready.map(({ plugin, inputs }, i) => (
        <PluginFrame
          key={`${plugin.name}#${i}`}
          plugin={plugin}
          inputs={inputs}
          fallback={slot.kind === 'replace' ? children : null}
          host={host}
        />
      ))}
    </>
  );
}
