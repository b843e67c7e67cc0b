import type { Lang } from './i18n.ts';

/** Values for `{{name}}` placeholders; `count` also picks the plural form, `defaultValue` stands in for a missing key. */
export type TVars = { count?: number; defaultValue?: string } & Record<string, unknown>;
/** Looks a dotted key up in the current language; a missing key comes back as itself. */
export type TFunction = (key: string, vars?: TVars) => string;
/** Fetches one string set of a language: `shell` (layouts, home, login) or a page namespace. */
export type BundleLoader = (lang: Lang, part: string) => Promise<object>;

const SHELL = 'shell';
// No HTML escaping: React escapes text, and the server's plain-HTML fallback only uses fixed strings.
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;
const pluralRules = new Map<Lang, Intl.PluralRules>();

/** CLDR plural category (`one`, `other`…) of a count; Chinese always answers `other`. */
function pluralOf(lang: Lang, count: number): string {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return rules.select(count);
}

/** Indexes a nested string set by dotted key (`nav.unread`), so a lookup is one Map get. */
function flatten(into: Map<string, string>, prefix: string, bundle: object): void {
  for (const [k, v] of Object.entries(bundle)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') into.set(key, v);
    else if (v && typeof v === 'object') flatten(into, key, v as object);
  }
}

function deepMerge(target: Record<string, unknown>, source: object): void {
  for (const [k, v] of Object.entries(source)) {
    const cur = target[k];
    if (v && typeof v === 'object' && cur && typeof cur === 'object') {
      deepMerge(cur as Record<string, unknown>, v as object);
    } else {
      target[k] = v && typeof v === 'object' ? structuredClone(v) : v;
    }
  }
}

/**
 * One language's UI strings: the shell set plus the page namespaces added as routes load.
 * The browser keeps one for the page's life (it can switch language); the server shares sealed ones (server.ts).
 */
export class Translator {
  language: Lang;
  /** The merged nested strings of the current language. */
  resources: Record<string, unknown> = {};
  /** Replaced (a new function) whenever the strings change, so hooks and memos see the change. */
  t: TFunction;
  private strings = new Map<string, string>();
  /** Namespaces asked for so far; a language switch loads them all in the new language. */
  private readonly namespaces = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private readonly load: BundleLoader | undefined;
  private target: Lang;
  private sealed = false;

  constructor(lang: Lang, shell: object, load?: BundleLoader) {
    this.language = lang;
    this.target = lang;
    this.load = load;
    this.merge(shell);
    this.t = this.makeT();
  }

  /** Adds strings to the current language (later bundles win on equal keys). */
  addResources(bundle: object): void {
    this.assertOpen();
    this.merge(bundle);
    this.changed();
  }

  /** Loads page namespaces of the current language once each. */
  async loadNamespaces(namespaces: readonly string[]): Promise<void> {
    this.assertOpen();
    const load = this.loader();
    const lang = this.language;
    const fresh = [...new Set(namespaces)].filter((ns) => !this.namespaces.has(ns));
    if (!fresh.length) return;
    // Recorded before loading, so a language switch under way fetches them in its language too.
    fresh.forEach((ns) => this.namespaces.add(ns));
    let bundles: object[];
    try {
      bundles = await Promise.all(fresh.map((ns) => load(lang, ns)));
    } catch (err) {
      fresh.forEach((ns) => this.namespaces.delete(ns));
      throw err;
    }
    // A switch finished meanwhile: it already holds these namespaces in the new language.
    if (this.language !== lang) return;
    bundles.forEach((b) => this.merge(b));
    this.changed();
  }

  /** Switches language: loads the shell and every namespace asked for so far, then swaps all strings at once. */
  async changeLanguage(lang: Lang): Promise<void> {
    this.assertOpen();
    this.target = lang;
    if (lang === this.language) return;
    const load = this.loader();
    const bundles = new Map<string, object>();
    // Namespaces asked for while loading are fetched too, so the switch never drops a page's strings.
    for (;;) {
      const missing = [SHELL, ...this.namespaces].filter((p) => !bundles.has(p));
      if (!missing.length) break;
      const loaded = await Promise.all(missing.map((p) => load(lang, p)));
      missing.forEach((p, i) => bundles.set(p, loaded[i]!));
    }
    if (this.target !== lang) return; // a later switch won
    this.language = lang;
    this.strings = new Map();
    this.resources = {};
    for (const bundle of bundles.values()) this.merge(bundle);
    this.changed();
  }

  /** For useSyncExternalStore: called after every change of language or strings. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getT = (): TFunction => this.t;

  /** Freezes the strings: shared server translators must not change under concurrent renders. */
  seal(): this {
    this.sealed = true;
    return this;
  }

  private translate(key: string, vars?: TVars): string {
    let s: string | undefined;
    if (typeof vars?.count === 'number') {
      s =
        this.strings.get(`${key}_${pluralOf(this.language, vars.count)}`) ?? this.strings.get(`${key}_other`);
    }
    s ??= this.strings.get(key) ?? vars?.defaultValue;
    if (s === undefined) return key;
    if (!vars || !s.includes('{{')) return s;
    // An unknown placeholder stays visible rather than silently vanishing.
    return s.replace(PLACEHOLDER, (whole, name: string) => {
      const v = vars[name];
      return v === undefined || v === null ? whole : String(v as string | number);
    });
  }

  private makeT(): TFunction {
    return (key, vars) => this.translate(key, vars);
  }

  private merge(bundle: object): void {
    deepMerge(this.resources, bundle);
    flatten(this.strings, '', bundle);
  }

  private changed(): void {
    this.t = this.makeT();
    this.listeners.forEach((l) => l());
  }

  private loader(): BundleLoader {
    if (!this.load) throw new Error('Translator: no bundle loader');
    return this.load;
  }

  private assertOpen(): void {
    if (this.sealed) throw new Error('Translator: sealed (shared between server renders)');
  }
}
