import type { Lang } from './i18n.ts';
import { loadBundle, type Namespace } from './messages.ts';
import { Translator } from './translator.ts';
import { en } from './en.ts';
import { zh } from './zh.ts';

// Built once per process and shared by every render: per language and set of namespaces (at most 2 × 2^4).
const cache = new Map<string, Promise<Translator>>();
const shells = new Map<Lang, Translator>();

/** The sealed translator holding a language's shell strings only (the plain-HTML error page). */
export function shellTranslator(lang: Lang): Translator {
  let tr = shells.get(lang);
  if (!tr) {
    tr = new Translator(lang, lang === 'en' ? en : zh).seal();
    shells.set(lang, tr);
  }
  return tr;
}

async function build(lang: Lang, namespaces: readonly string[]): Promise<Translator> {
  const tr = new Translator(lang, lang === 'en' ? en : zh);
  const bundles = await Promise.all(namespaces.map((ns) => loadBundle(lang, ns)));
  bundles.forEach((b) => tr.addResources(b));
  return tr.seal();
}

/** The shared translator for a render: the shell plus the matched routes' namespaces, never mutated. */
export function serverTranslator(lang: Lang, namespaces: readonly Namespace[]): Promise<Translator> {
  const parts = [...new Set(namespaces)].sort();
  const key = `${lang}|${parts.join(',')}`;
  let hit = cache.get(key);
  if (!hit) {
    hit = build(lang, parts);
    cache.set(key, hit);
    // A failed build is retried by the next request instead of failing every later one.
    hit.catch(() => cache.delete(key));
  }
  return hit;
}
