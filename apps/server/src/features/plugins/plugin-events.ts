import type { PluginServices, PluginThread } from '@forum/plugin-sdk/server';
import type { ContentEvents } from '../threads/index.js';
import { guarded, type HostedPlugin, type HostLog } from './plugin-host.js';

/** What the fan-out needs: the enabled plugins, their services, the log. */
export interface Fan {
  enabled(): HostedPlugin[];
  servicesOf(p: HostedPlugin): PluginServices;
  log: HostLog;
}

/** The core's content events, fanned out to the enabled plugins' hooks and filters. */
export function contentEvents(fan: Fan): ContentEvents {
  const enabled = fan.enabled;
  const emit = (event: string, payload: unknown) => {
    for (const p of enabled()) {
      const hook = (
        p.spec.hooks as Record<string, ((v: unknown, s: PluginServices) => Promise<void>) | undefined>
      )?.[event];
      if (!hook) continue;
      // After the commit: a plugin's failure is logged, never the writer's error.
      void hook(payload, fan.servicesOf(p)).catch((err: unknown) =>
        fan.log.error(`[plugin error] ${p.found.name} on ${event}`, err),
      );
    }
  };
  const filter = async <T>(name: 'thread.beforeCreate' | 'post.beforeCreate', value: T): Promise<T> => {
    let v = value;
    for (const p of enabled()) {
      const f = p.spec.filters?.[name] as ((x: T, s: PluginServices) => Promise<T> | T) | undefined;
      if (f) v = await guarded(p, fan.log, async () => f(v, fan.servicesOf(p)));
    }
    return v;
  };
  return {
    emit,
    filterThread: (v) => filter('thread.beforeCreate', v),
    filterPost: (v) => filter('post.beforeCreate', v),
  };
}

/**
 * `extensions.<name>` of a thread from the enabled plugins' presenters; a presenter that throws adds nothing.
 * The thread is only built when some enabled plugin presents threads (this runs for every item of a list).
 */
export function threadExtensions(fan: Fan, input: () => PluginThread): Record<string, unknown> | null {
  let out: Record<string, unknown> | null = null;
  let thread: PluginThread | null = null;
  for (const p of fan.enabled()) {
    const present = p.spec.presenters?.thread;
    if (!present) continue;
    thread ??= input();
    try {
      const v = present(thread);
      if (v !== undefined) (out ??= {})[p.found.name] = v;
    } catch (err) {
      fan.log.error(`[plugin error] ${p.found.name} presenting thread ${thread.threadId}`, err);
    }
  }
  return out;
}
