import type { z } from 'zod';

// The server side of a plugin (issue 11 §4): what a plugin's `server/index.ts` default-exports, and everything
// the host hands it. A plugin never imports the core: the host calls its factory with this SDK (the host's zod
// included), so a plugin installed at runtime needs no packages of its own.

/** What the host gives a plugin's factory. */
export interface ServerSdk {
  /** The host's zod, for route inputs, settings and block bodies. */
  z: typeof z;
  /** The SDK version the host implements. */
  version: string;
  /**
   * An error the client gets as `{Code, Message}` (codes of the catalogue: -4001 invalid, -4002, -4004, ...). A
   * message a person reads is given in both languages, `{ zh, en }`: the reply carries the reader's.
   */
  PluginError: new (code: number, message: string | { zh: string; en: string }) => Error;
}

/** Who is calling, as a plugin sees them. */
export interface PluginActor {
  userId: number | null;
  isGuest: boolean;
  isAdmin: boolean;
  groupId: number;
}

/** SQL on the forum's database. A plugin's own tables are named `plugin_<name>_...`; core tables are read only. */
export interface PluginDb {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs `fn` in one transaction (everything or nothing). */
  transaction<T>(fn: (db: PluginDb) => Promise<T>): Promise<T>;
}

/** A thread as a plugin may read it. */
export interface PluginThread {
  threadId: number;
  userId: number;
  categoryId: number;
  title: string;
  /** The thread's stored blocks, by key. */
  blocks: Array<{ key: string; tomId: string; body: unknown }>;
}

/** What every plugin callback gets. */
export interface PluginServices {
  db: PluginDb;
  /** The plugin's settings (its schema's output), public and private. */
  settings(): Record<string, unknown>;
  log: { info(msg: string): void; warn(msg: string): void; error(msg: string, err?: unknown): void };
  /** A thread the actor may see (same visibility rules as the core's reads), or null. */
  visibleThread(actor: PluginActor, threadId: number): Promise<PluginThread | null>;
  /** Whether the actor holds an ability (a core permission or one of a plugin's), in a category when given. */
  can(actor: PluginActor, ability: string, categoryId?: number): boolean;
}

/** One HTTP call of a plugin, mounted at `/plugin/<name>/api/<path>` with the core's envelope and checks. */
export interface PluginRoute<I = unknown> {
  method: 'GET' | 'POST';
  /** Without a leading slash: `signups`, `signup.create`. */
  path: string;
  /** `guest` (anyone), `required` (a logged-in member, -3001 otherwise) or `admin` (-4002 for anyone else). */
  auth?: 'guest' | 'required' | 'admin';
  /** Validates the merged query and body; the first failing field answers -4001. */
  input: z.ZodType<I>;
  /**
   * The reply's Data. Return a `PluginFile` to answer with a file (an export) instead of the envelope.
   */
  handler(input: I, call: PluginCall): Promise<unknown>;
}

/** What a route's handler gets besides its input. */
export interface PluginCall {
  actor: PluginActor;
  services: PluginServices;
  /** The reader's language (the site's language cookie, else Accept-Language): for text the reply writes. */
  lang: 'zh' | 'en';
}

/** A file a route answers with (CSV exports and the like). */
export interface PluginFile {
  file: { name: string; type: string; body: string | Uint8Array };
}

/** Events a plugin may hear, after the change committed. */
export interface HookPayloads {
  'thread.created': { threadId: number; userId: number; categoryId: number; title: string };
  'thread.deleted': { threadId: number; userId: number };
  'post.created': { postId: number; threadId: number; userId: number };
}
/** An event name. */
export type HookEvent = keyof HookPayloads;

/** Values a plugin may change or refuse (throw a PluginError) before the core writes them. */
export interface FilterPayloads {
  'thread.beforeCreate': { title: string; text: string; categoryId: number; userId: number };
  'post.beforeCreate': { threadId: number; text: string; userId: number };
}
/** A filter name. */
export type FilterName = keyof FilterPayloads;

/** What a block type's callbacks get. */
export interface BlockContext {
  db: PluginDb;
  actor: PluginActor;
  threadId: number;
  /** The thread's author. */
  authorId: number;
}

/**
 * A thread block type of the plugin's (issue 11 §4): its body is validated by `schema`, stored with the
 * thread like a built-in block, listed in `thread.typelist` when `filterable`, and shown by the plugin's
 * `thread_extension_display_hook`. Posting one needs the group permission `plugin.<appid>.insert`.
 */
export interface PluginBlockType<B = unknown> {
  name: string;
  schema: z.ZodType<B>;
  maxBlocks?: number;
  filterable?: boolean;
  /** Inside the thread write's transaction; returns what is stored (default: the body). */
  save?(ctx: BlockContext, body: B, previous: unknown): Promise<unknown>;
  /** What the viewer sees of the stored body (live counts, "I signed up"). */
  show?(ctx: BlockContext, stored: unknown): Promise<unknown>;
  /** `show` depends on the viewer. */
  perViewer?: boolean;
}

/** A schema migration: SQL run once, in order, in one transaction; tables must be named `plugin_<name>_...`. */
export interface PluginMigration {
  id: string;
  sql: string;
}

/** Everything a server plugin may declare. */
export interface ServerPluginSpec {
  migrations?: PluginMigration[];
  routes?: PluginRoute<any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any -- each route's own input type
  hooks?: { [E in HookEvent]?: (payload: HookPayloads[E], services: PluginServices) => Promise<void> };
  filters?: {
    [F in FilterName]?: (
      value: FilterPayloads[F],
      services: PluginServices,
    ) => Promise<FilterPayloads[F]> | FilterPayloads[F];
  };
  /** Adds `extensions.<name>` to each thread a client reads (viewer-independent, so shared pages may cache it). */
  presenters?: { thread?(thread: PluginThread): unknown };
  /** Answers for abilities (the plugin's own, or core ones): allow, deny or abstain, as core policies do. */
  policies?: Record<
    string,
    (actor: PluginActor, resource?: { categoryId?: number; ownerId?: number }) => PolicyAnswer
  >;
  /** Settings the admin edits (a form made from the schema); `public` keys also reach every visitor. */
  settings?: { schema: z.ZodObject; public?: string[] };
  /** The plugin's block type, keyed by its appid (one per plugin, as in the original). */
  blockType?: PluginBlockType<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the plugin's body type
}

/** A policy's answer. */
export type PolicyAnswer = 'allow' | 'deny' | 'abstain';

/** What `server/index.ts` default-exports: a factory the host calls with the SDK. */
export type ServerPluginFactory = (sdk: ServerSdk) => ServerPluginSpec;

/** Declares a server plugin (typed identity: the host calls the factory). */
export function definePlugin(factory: ServerPluginFactory): ServerPluginFactory {
  return factory;
}
