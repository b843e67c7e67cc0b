import { existsSync, rmSync } from 'node:fs';
import { buffer } from 'node:stream/consumers';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { PluginServices } from '@forum/plugin-sdk/server';
import type { Gate } from '../../platform/access/gate.js';
import type { Bus } from '../../platform/cache/bus.js';
import type { Database, Db } from '../../platform/db/db.js';
import { inTransaction } from '../../platform/db/tx.js';
import { invalid, notFound } from '../../platform/http/errors.js';
import type { Route } from '../../platform/http/router.js';
import type { AttachmentStorage } from '../attachments/index.js';
import type { ThreadsFeature } from '../threads/index.js';
import { discoverPlugins, type BrokenPlugin, type FoundPlugin } from './plugin-discovery.js';
import { unpackPlugin } from './plugin-package.js';
import { migrationProblem, pluginDb, statementsOf } from './plugin-db.js';
import {
  brokenOf,
  loadServerPart,
  mountPluginDispatch,
  mountPluginRoutes,
  pluginActor,
  servicesFor,
  type HostedPlugin,
  type HostLog,
  type PluginRouteTable,
} from './plugin-host.js';
import { registerBlockType } from './plugin-blocks.js';
import { contentEvents, threadExtensions } from './plugin-events.js';
import { appliedMigrations, loadStates, recordMigration, saveState } from './plugins.repository.js';

const CHANNEL = 'plugins.changed';
/** Serialises plugin migrations across instances that start together. */
const MIGRATION_LOCK = 0x70_6c_75_67;

/** What the feature needs. */
export interface PluginsDeps {
  app: FastifyInstance;
  db: Db;
  database: Database;
  gate: Gate;
  bus: Bus;
  route: Route;
  threads: ThreadsFeature;
  log: HostLog;
  /** Clears shared pages and replies (a plugin turned on or off changes what every page shows). */
  clearCaches(): Promise<void>;
  /** The shared file store: uploaded packages are kept there so that every instance can unpack them. */
  storage: Pick<AttachmentStorage, 'put' | 'get' | 'delete'>;
}

/** Where an uploaded package is kept in the shared store. */
const packageKey = (name: string) => `plugins/${name}.zip`;

/**
 * The plugins on this site (issue 11 §4–5): found in the plugin folders, their server parts loaded once,
 * migrated, and switched on or off at runtime (every instance follows over the bus; nothing restarts).
 */
export class PluginsService {
  private readonly plugins = new Map<string, HostedPlugin>();
  private broken: BrokenPlugin[] = [];
  private readonly services = new Map<string, PluginServices>();
  private readonly routes: PluginRouteTable = new Map();
  private uploadDir = '';

  constructor(private readonly d: PluginsDeps) {}

  /** Finds, loads and migrates the plugins, then mounts their routes, blocks, hooks and policies. */
  async start(dirs: string[], uploadDir: string, includeExamples: boolean): Promise<void> {
    this.uploadDir = uploadDir;
    mountPluginDispatch(this.d.app, this.routes);
    const states = await loadStates(this.d.db);
    // A new instance (another machine) has none of the uploaded packages yet: they come from the shared store.
    const known = new Set(discoverPlugins(dirs, includeExamples).found.map((f) => f.name));
    for (const name of states.keys()) if (!known.has(name)) await this.fetchPackage(name);
    const { found, broken } = discoverPlugins(dirs, includeExamples);
    this.broken = broken;
    for (const f of found) await this.load(f, states.get(f.name));
    const fan = {
      enabled: () => [...this.plugins.values()].filter((p) => p.enabled),
      servicesOf: (p: HostedPlugin) => this.servicesOf(p),
      log: this.d.log,
    };
    this.d.threads.setEvents(contentEvents(fan));
    this.d.threads.setExtensions((thread) => threadExtensions(fan, thread));
    this.d.bus.subscribe(CHANNEL, (message) => void this.heard(message).catch(() => {}));
  }

  /**
   * Installs an uploaded package while the site runs (issue 11 §5): unpacked into the site's plugin folder,
   * loaded, migrated and mounted here and, over the bus, on every other instance. No restart, no rebuild.
   */
  async install(zip: Uint8Array): Promise<HostedPlugin> {
    const dir = unpackPlugin(zip, this.uploadDir, (name) => this.plugins.has(name));
    const name = path.basename(dir);
    // Kept in the shared store before anyone hears of it: the other instances unpack it from there.
    await this.d.storage.put(packageKey(name), Buffer.from(zip), 'application/zip');
    await this.loadFrom(dir, true);
    const p = this.plugins.get(name);
    if (!p) {
      const problem = this.broken.find((b) => b.dir === dir)?.problem ?? 'it could not be loaded';
      rmSync(dir, { recursive: true, force: true });
      await this.d.storage.delete(packageKey(name)).catch(() => {});
      throw invalid(`file: ${problem}`);
    }
    await this.changed(`installed:${name}`);
    return p;
  }

  /**
   * Removes a plugin installed from the admin, here and on every instance: off, its calls gone, its folder
   * deleted. Its tables and stored settings stay (installing it again finds its data).
   */
  async uninstall(name: string): Promise<void> {
    const p = this.get(name);
    if (!this.isUploaded(p)) throw invalid('name: only plugins installed from the admin can be removed');
    p.enabled = false;
    await saveState(this.d.db, name, false, p.settings, p.found.version);
    this.forget(name);
    rmSync(p.found.dir, { recursive: true, force: true });
    await this.d.storage.delete(packageKey(name));
    await this.changed(`uninstalled:${name}`);
  }

  /** Drops a plugin from this instance (its block type and policies stay registered, answering as off). */
  private forget(name: string): void {
    const p = this.plugins.get(name);
    if (p) p.enabled = false;
    this.plugins.delete(name);
    for (const key of [...this.routes.keys()])
      if (key.split(' ')[1]!.startsWith(`${name}/`)) this.routes.delete(key);
  }

  /** Whether a plugin was installed at runtime (its web part is loaded by browsers, not bundled). */
  isUploaded(p: HostedPlugin): boolean {
    return path.dirname(p.found.dir) === this.uploadDir;
  }

  /** Loads one package folder; a fresh install starts on or off as its manifest says (settings are kept). */
  private async loadFrom(dir: string, fresh = false): Promise<void> {
    const { found, broken } = discoverPlugins([path.dirname(dir)]);
    const f = found.find((x) => x.dir === dir);
    this.broken = [...this.broken.filter((b) => b.dir !== dir), ...broken.filter((b) => b.dir === dir)];
    if (!f || this.plugins.has(f.name)) return;
    const state = (await loadStates(this.d.db)).get(f.name);
    if (fresh && state) {
      state.enabled = f.enabledByDefault;
      await saveState(this.d.db, f.name, state.enabled, state.settings, f.version);
    }
    await this.load(f, state);
  }

  private async load(
    f: FoundPlugin,
    state: { enabled: boolean; settings: Record<string, unknown> } | undefined,
  ): Promise<void> {
    const hosted: HostedPlugin = {
      found: f,
      spec: {},
      enabled: state?.enabled ?? f.enabledByDefault,
      settings: state?.settings ?? {},
    };
    try {
      hosted.spec = await loadServerPart(f);
      await this.migrate(hosted);
      hosted.settings = this.parseSettings(hosted, hosted.settings);
    } catch (err) {
      // A plugin that fails to load is disabled and reported; the site keeps running.
      this.broken.push(brokenOf(f, err));
      this.d.log.error(`[plugin error] ${f.name} failed to load`, err);
      return;
    }
    if (!state) await saveState(this.d.db, f.name, hosted.enabled, hosted.settings, f.version);
    this.plugins.set(f.name, hosted);
    this.mount(hosted);
  }

  /** Every plugin, loaded or broken (the admin's list). */
  all(): { plugins: HostedPlugin[]; broken: BrokenPlugin[] } {
    return { plugins: [...this.plugins.values()], broken: this.broken };
  }

  /** A loaded plugin, or -4004. */
  get(name: string): HostedPlugin {
    const p = this.plugins.get(name);
    if (!p) throw notFound(`plugin ${name} not found`);
    return p;
  }

  /** Names of the enabled plugins (the web shows only their slots). */
  enabledNames(): string[] {
    return [...this.plugins.values()].filter((p) => p.enabled).map((p) => p.found.name);
  }

  /** Turns a plugin on or off, here and on every instance; shared pages are rendered again. */
  async setEnabled(name: string, enabled: boolean): Promise<HostedPlugin> {
    const p = this.get(name);
    p.enabled = enabled;
    await saveState(this.d.db, name, enabled, p.settings, p.found.version);
    await this.changed();
    return p;
  }

  /** Saves settings checked by the plugin's schema (-4001 naming the first bad key). */
  async saveSettings(name: string, values: Record<string, unknown>): Promise<HostedPlugin> {
    const p = this.get(name);
    p.settings = this.parseSettings(p, { ...p.settings, ...values });
    await saveState(this.d.db, name, p.enabled, p.settings, p.found.version);
    await this.changed();
    return p;
  }

  /** The settings every visitor may read (the schema's `public` keys). */
  publicSettings(p: HostedPlugin): Record<string, unknown> {
    const keys = p.spec.settings?.public ?? [];
    return Object.fromEntries(keys.filter((k) => k in p.settings).map((k) => [k, p.settings[k]]));
  }

  /** The services a plugin's callbacks get. */
  servicesOf(p: HostedPlugin): PluginServices {
    let s = this.services.get(p.found.name);
    if (!s) {
      s = servicesFor(p, this.d);
      this.services.set(p.found.name, s);
    }
    return s;
  }

  private parseSettings(p: HostedPlugin, values: Record<string, unknown>): Record<string, unknown> {
    const schema = p.spec.settings?.schema;
    if (!schema) return {};
    const r = schema.safeParse(values);
    if (!r.success) {
      const issue = r.error.issues[0]!;
      throw invalid(`${issue.path.join('.') || 'settings'}: ${issue.message}`);
    }
    return r.data as Record<string, unknown>;
  }

  private async migrate(p: HostedPlugin): Promise<void> {
    const list = p.spec.migrations ?? [];
    if (!list.length) return;
    for (const m of list) {
      const problem = migrationProblem(p.found.name, m.sql);
      if (problem) throw new Error(`migration ${m.id}: ${problem}`);
    }
    await this.d.database.withAdvisoryLock(MIGRATION_LOCK, async () => {
      const done = await appliedMigrations(this.d.db, p.found.name);
      for (const m of list.filter((x) => !done.has(x.id))) {
        await inTransaction(this.d.db, async (tx) => {
          const db = pluginDb(tx, true);
          for (const statement of statementsOf(m.sql)) await db.query(statement);
          await recordMigration(tx, p.found.name, m.id);
        });
      }
    });
  }

  private mount(p: HostedPlugin): void {
    mountPluginRoutes(this.d.route, this.routes, p, () => this.servicesOf(p));
    if (p.spec.blockType) registerBlockType(this.d.threads.toms, p, this.d.log);
    for (const [ability, policy] of Object.entries(p.spec.policies ?? {})) {
      this.d.gate.registerPolicy(ability, (actor, res) => {
        if (!p.enabled) return 'abstain';
        const r = res
          ? { categoryId: res.categoryId ?? undefined, ownerId: res.ownerId ?? undefined }
          : undefined;
        return policy(pluginActor(actor), r);
      });
    }
  }

  private async changed(message = 'states'): Promise<void> {
    await this.d.clearCaches();
    await this.d.bus.publish(CHANNEL, message);
  }

  /**
   * Unpacks an uploaded package from the shared store into this instance's plugin folder when the folder is
   * missing (a shared DATA_DIR already has it); false when the store has no such package.
   */
  private async fetchPackage(name: string): Promise<boolean> {
    if (!/^[a-z0-9][a-z0-9-]{0,59}$/.test(name)) return false;
    if (existsSync(path.join(this.uploadDir, name))) return true;
    try {
      const stream = await this.d.storage.get(packageKey(name));
      if (!stream) return false;
      unpackPlugin(await buffer(stream), this.uploadDir, () => false);
      return true;
    } catch (err) {
      this.d.log.error(`plugin ${name}: its package could not be fetched from the store`, err);
      return false;
    }
  }

  /** Another instance changed states or installed a plugin (its package is in the shared store). */
  private async heard(message: string): Promise<void> {
    if (message.startsWith('installed:')) {
      const name = message.slice(10);
      await this.fetchPackage(name);
      await this.loadFrom(path.join(this.uploadDir, name));
    }
    if (message.startsWith('uninstalled:')) {
      const name = message.slice(12);
      const p = this.plugins.get(name);
      this.forget(name);
      // This machine's copy goes too, so that a later install of a new version is fetched afresh.
      if (p && this.isUploaded(p)) rmSync(p.found.dir, { recursive: true, force: true });
    }
    await this.reloadStates();
  }

  private async reloadStates(): Promise<void> {
    const states = await loadStates(this.d.db);
    for (const [name, p] of this.plugins) {
      const s = states.get(name);
      if (!s) continue;
      p.enabled = s.enabled;
      p.settings = s.settings;
    }
    await this.d.clearCaches();
  }
}
