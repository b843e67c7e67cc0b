import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { validatePluginManifest } from '@forum/contracts';

/** A plugin package found on disk, its manifest checked. */
export interface FoundPlugin {
  /** `pluginName`: the plugin's unique name (routes, tables and settings are namespaced by it). */
  name: string;
  appid: string;
  version: string;
  title: string;
  description: string;
  author: { name: string; email: string };
  /** SDK range the plugin was written for (`^0.2.0`); empty means any. */
  sdk: string;
  /** On when first found (first-party plugins say so in their manifest). */
  enabledByDefault: boolean;
  example: boolean;
  /** Where its server factory is imported from, or null for a UI-only plugin. */
  serverEntry: string | null;
  dir: string;
}

/** What is wrong with a package, for the admin's list. */
export interface BrokenPlugin {
  dir: string;
  name: string;
  problem: string;
}

interface Manifest {
  pluginName: string;
  version: string;
  appid: string | number;
  author: { name: string; email: string };
  description?: string;
  title?: string;
  sdk?: string;
  enabled?: boolean;
  example?: boolean;
  server?: boolean;
}

/**
 * Plugin packages under `dirs` (example ones only when `includeExamples`) (`<dir>/<name>/plugin.json`). A workspace package's server part is imported
 * by its package name (`<package>/server`, so source or built code follows the process's conditions); an
 * uploaded one's from `server/index.js` in its folder.
 */
export function discoverPlugins(
  dirs: string[],
  includeExamples = true,
): { found: FoundPlugin[]; broken: BrokenPlugin[] } {
  const found: FoundPlugin[] = [];
  const broken: BrokenPlugin[] = [];
  for (const root of dirs) {
    if (!existsSync(root)) continue;
    for (const d of readdirSync(root, { withFileTypes: true })) {
      if (!d.isDirectory()) continue;
      const dir = path.join(root, d.name);
      const file = path.join(dir, 'plugin.json');
      if (!existsSync(file)) continue;
      let m: Manifest;
      try {
        m = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
      } catch {
        broken.push({ dir, name: d.name, problem: 'plugin.json is not valid JSON' });
        continue;
      }
      const check = validatePluginManifest(m);
      if (!check.ok) {
        broken.push({ dir, name: m.pluginName || d.name, problem: `${check.rule}: ${check.message}` });
        continue;
      }
      // Example plugins are built into the web only on request (FORUM_EXAMPLE_PLUGINS): the server follows.
      if (m.example === true && !includeExamples) continue;
      if (found.some((f) => f.name === m.pluginName)) {
        broken.push({ dir, name: m.pluginName, problem: 'another plugin has this pluginName' });
        continue;
      }
      found.push({
        name: m.pluginName,
        appid: String(m.appid),
        version: m.version,
        title: m.title ?? m.pluginName,
        description: m.description ?? '',
        author: m.author,
        sdk: m.sdk ?? '',
        enabledByDefault: m.enabled === true,
        example: m.example === true,
        serverEntry: m.server ? serverEntryOf(dir) : null,
        dir,
      });
    }
  }
  return { found, broken };
}

function serverEntryOf(dir: string): string {
  const pkg = path.join(dir, 'package.json');
  if (existsSync(pkg)) {
    const { name } = JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string };
    if (name) return `${name}/server`;
  }
  return pathToFileURL(path.join(dir, 'server', 'index.js')).href;
}

/**
 * Whether a plugin written for SDK range `wanted` (`^0.2.0`, `0.2.x` or an exact version) runs on `host`.
 * Caret ranges keep the major (and, below 1.0, the minor) and accept a newer patch or minor.
 */
export function sdkCompatible(wanted: string, host: string): boolean {
  if (!wanted) return true;
  const want = /^\^?(\d+)\.(\d+)\.(\d+|x)$/.exec(wanted.trim());
  const have = /^(\d+)\.(\d+)\.(\d+)$/.exec(host);
  if (!want || !have) return false;
  const [wMaj, wMin, wPat] = [Number(want[1]), Number(want[2]), want[3] === 'x' ? 0 : Number(want[3])];
  const [hMaj, hMin, hPat] = [Number(have[1]), Number(have[2]), Number(have[3])];
  if (!wanted.startsWith('^')) return wMaj === hMaj && wMin === hMin && (want[3] === 'x' || wPat === hPat);
  if (wMaj !== hMaj) return false;
  if (wMaj === 0) return wMin === hMin && hPat >= wPat;
  return hMin > wMin || (hMin === wMin && hPat >= wPat);
}
