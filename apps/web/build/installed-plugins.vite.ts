import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const ID = 'virtual:forum-plugins';
const RESOLVED = `\0${ID}`;

interface Found {
  name: string;
  manifest: string;
  entry: string;
}

/**
 * Plugin packages in a folder: `<dir>/<name>/plugin.json` with a `web/index.tsx` UI entry. Example plugins
 * (`"example": true`) are there to learn from and to test the host; a real forum does not show them.
 */
function scan(dir: string, includeExamples: boolean): Found[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((d) => {
      const manifest = path.join(dir, d.name, 'plugin.json');
      const entry = path.join(dir, d.name, 'web', 'index.tsx');
      if (!existsSync(manifest) || !existsSync(entry)) return [];
      const json = JSON.parse(readFileSync(manifest, 'utf8')) as { pluginName?: string; example?: boolean };
      if (json.example && !includeExamples) return [];
      return [{ name: json.pluginName ?? d.name, manifest, entry }];
    });
}

/**
 * Bundles installed plugins into the web build as `virtual:forum-plugins`, so server and browser know the same
 * plugins at render time. `extraEntries` are modules exporting descriptors directly (test fixtures).
 */
export function installedPluginsVite(opts: {
  dirs: string[];
  extraEntries?: string[];
  /** Bundle the example plugins too (browser tests, `FORUM_EXAMPLE_PLUGINS=1`). */
  includeExamples?: boolean;
}): Plugin {
  return {
    name: 'forum-installed-plugins',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      const found = opts.dirs.flatMap((dir) => scan(dir, opts.includeExamples ?? false));
      for (const f of found) this.addWatchFile(f.manifest);
      const all = [
        ...found.map((f) => ({ name: f.name, entry: f.entry })),
        ...(opts.extraEntries ?? []).map((entry) => ({ name: path.basename(entry), entry })),
      ];
      const imports = all.map((p, i) => `import ui${i} from ${JSON.stringify(p.entry)};`);
      const list = all.map((p, i) => `{ name: ${JSON.stringify(p.name)}, ui: ui${i} }`);
      return `${imports.join('\n')}\nexport const installedPlugins = [${list.join(', ')}];\n`;
    },
  };
}
