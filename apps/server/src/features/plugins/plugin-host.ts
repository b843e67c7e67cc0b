import { z } from 'zod';
import { Code, defineCall } from '@forum/contracts';
import { SDK_VERSION } from '@forum/plugin-sdk';
import type {
  PluginActor,
  PluginServices,
  ServerPluginFactory,
  ServerPluginSpec,
  ServerSdk,
} from '@forum/plugin-sdk/server';
import type { Gate } from '../../platform/access/gate.js';
import type { Actor } from '../../platform/auth/actor.js';
import type { Db } from '../../platform/db/db.js';
import { AppError, notFound, type Bilingual } from '../../platform/http/errors.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Route } from '../../platform/http/router.js';
import type { ThreadsFeature } from '../threads/index.js';
import { sdkCompatible, type BrokenPlugin, type FoundPlugin } from './plugin-discovery.js';
import { pluginDb } from './plugin-db.js';

/** What a plugin answers with when it refuses something; the client gets its code and message. */
export class PluginError extends AppError {
  constructor(code: number, message: string | Bilingual) {
    super(code, message);
  }
}

/** A plugin the host runs: its package, its server part (if any) and its state here. */
export interface HostedPlugin {
  found: FoundPlugin;
  spec: ServerPluginSpec;
  enabled: boolean;
  settings: Record<string, unknown>;
}

/** A logger as plugins and the host use it. */
export interface HostLog {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string, err?: unknown): void;
}

const SDK: ServerSdk = { z, version: SDK_VERSION, PluginError };

const actors = new WeakMap<PluginActor, Actor>();

/** The plugin's view of an actor (no permissions set, no token): frozen, mapped back for `can`. */
export function pluginActor(actor: Actor): PluginActor {
  const p = Object.freeze({
    userId: actor.userId,
    isGuest: actor.isGuest,
    isAdmin: actor.isAdmin,
    groupId: actor.groupId,
  });
  actors.set(p, actor);
  return p;
}

/** Imports a plugin's server factory and calls it with the SDK; a plugin that fails to load is reported. */
export async function loadServerPart(found: FoundPlugin): Promise<ServerPluginSpec> {
  if (!sdkCompatible(found.sdk, SDK_VERSION)) {
    throw new Error(`needs SDK ${found.sdk}, this forum has ${SDK_VERSION}`);
  }
  if (!found.serverEntry) return {};
  // A package file is imported under a fresh URL each time: a package replaced after a failed load must not
  // get the failure Node's module cache kept for the old one.
  const entry = found.serverEntry.startsWith('file:')
    ? `${found.serverEntry}?v=${Date.now()}`
    : found.serverEntry;
  const mod = (await import(entry)) as { default?: ServerPluginFactory };
  if (typeof mod.default !== 'function')
    throw new Error('server/index must default-export definePlugin(...)');
  return mod.default(SDK);
}

/**
 * The services every plugin callback gets. `settings` reads the current values, so a change in the admin
 * applies at once.
 */
export function servicesFor(
  p: HostedPlugin,
  d: { db: Db; gate: Gate; threads: ThreadsFeature; log: HostLog },
): PluginServices {
  const prefix = `[plugin ${p.found.name}] `;
  return {
    db: pluginDb(d.db),
    settings: () => p.settings,
    log: {
      info: (m) => d.log.info(prefix + m),
      warn: (m) => d.log.warn(prefix + m),
      error: (m, err) => d.log.error(prefix + m, err),
    },
    visibleThread: (actor, threadId) => {
      const core = actors.get(actor);
      return core ? d.threads.visibleThread(core, threadId) : Promise.resolve(null);
    },
    can: (actor, ability, categoryId) => {
      const core = actors.get(actor);
      return !!core && d.gate.can(core, ability, categoryId !== undefined ? { categoryId } : undefined);
    },
  };
}

/** Plugin calls by `METHOD name/path`, served by the catch-all routes (plugins may come while running). */
export type PluginRouteTable = Map<string, (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>>;

/**
 * Adds a plugin's routes (`/plugin/<name>/api/<path>`) to the table, each with the core router's handling
 * (envelope, actor, CSRF, status gate, admin log). While the plugin is disabled they answer -4004.
 */
export function mountPluginRoutes(
  route: Route,
  table: PluginRouteTable,
  p: HostedPlugin,
  services: () => PluginServices,
): void {
  for (const r of p.spec.routes ?? []) {
    const contract = defineCall({
      method: r.method,
      path: `/plugin/${p.found.name}/api/${r.path.replace(/^\/+/, '')}`,
      summary: `${p.found.name}: ${r.path}`,
      tags: ['plugins'],
      input: r.input,
      output: z.unknown(),
    });
    const options =
      r.auth === 'admin' ? { admin: true } : r.auth === 'required' ? { auth: 'required' as const } : {};
    const { run } = route.handlerFor(contract, options, async (input, { actor, lang, reply }) => {
      if (!p.enabled) throw notFound(`plugin ${p.found.name} is not enabled`);
      const out = await r.handler(input, { actor: pluginActor(actor), services: services(), lang });
      if (out && typeof out === 'object' && 'file' in out) {
        const { name, type, body } = (
          out as { file: { name: string; type: string; body: string | Uint8Array } }
        ).file;
        await reply
          .header('content-type', type)
          .header('content-disposition', `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`)
          .send(typeof body === 'string' ? body : Buffer.from(body));
        return null;
      }
      return out;
    });
    table.set(`${r.method} ${p.found.name}/${r.path.replace(/^\/+/, '')}`, run);
  }
}

/** The two catch-all routes that serve every plugin's calls, mounted once at start (GET reads, POST writes). */
export function mountPluginDispatch(app: FastifyInstance, table: PluginRouteTable): void {
  for (const [method, rateClass] of [
    ['GET', 'read'],
    ['POST', 'write'],
  ] as const) {
    app.route({
      method,
      url: '/plugin/:name/api/*',
      config: { rateClass },
      handler: async (req, reply) => {
        const { name, '*': rest } = req.params as { name: string; '*': string };
        const run = table.get(`${method} ${name}/${rest}`);
        if (!run) throw notFound(`no such plugin call: ${name}/${rest}`);
        return run(req, reply);
      },
    });
  }
}

/** A plugin's failure as the admin list shows it. */
export function brokenOf(found: FoundPlugin, err: unknown): BrokenPlugin {
  return { dir: found.dir, name: found.name, problem: err instanceof Error ? err.message : String(err) };
}

/** Wraps a plugin callback: a thrown PluginError reaches the client; anything else is the plugin's bug. */
export async function guarded<T>(p: HostedPlugin, log: HostLog, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) throw err;
    log.error(`[plugin error] ${p.found.name}`, err);
    throw new AppError(Code.INTERNAL_ERROR, `plugin ${p.found.name} failed`);
  }
}
