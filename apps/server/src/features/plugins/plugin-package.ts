import { mkdirSync, renameSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { validatePluginManifest } from '@forum/contracts';
import { invalid } from '../../platform/http/errors.js';

/** Largest plugin package, unpacked. */
export const PACKAGE_MAX_BYTES = 20 * 1024 * 1024;
/** Most files in one package. */
const MAX_FILES = 500;
/** What a package may hold: its manifest, server JavaScript, web assets, pictures and a read-me. */
const ALLOWED =
  /^(plugin\.json|README\.md|server\/[\w./-]+\.js|web\/[\w./-]+\.(js|css|json|png|jpe?g|gif|svg|webp))$/;

/**
 * Unpacks an uploaded plugin package (a zip holding `plugin.json` at its root or in one top folder) into
 * `<pluginsDir>/<pluginName>`, after checking every entry: no path leaves the folder, only known kinds of
 * file, size and count capped, the manifest valid. Returns the plugin's folder.
 */
export function unpackPlugin(zip: Uint8Array, pluginsDir: string, taken: (name: string) => boolean): string {
  let entries: Record<string, Uint8Array>;
  let total = 0;
  let count = 0;
  try {
    entries = unzipSync(zip, {
      filter: (f) => {
        count += 1;
        total += f.originalSize;
        if (count > MAX_FILES || total > PACKAGE_MAX_BYTES) throw new Error('too big');
        return !f.name.endsWith('/');
      },
    });
  } catch (err) {
    throw invalid(
      err instanceof Error && err.message === 'too big'
        ? `file: a plugin package holds at most ${MAX_FILES} files and ${PACKAGE_MAX_BYTES / 1048576} MB`
        : 'file: not a zip archive',
    );
  }
  const names = Object.keys(entries);
  const manifestAt = names.find((n) => /^([^/]+\/)?plugin\.json$/.test(n));
  if (!manifestAt) throw invalid('file: the package has no plugin.json');
  const root = manifestAt.slice(0, -'plugin.json'.length);
  const files = new Map<string, Uint8Array>();
  for (const n of names) {
    if (!n.startsWith(root)) throw invalid(`file: ${n} is outside the plugin's folder`);
    const rel = n.slice(root.length);
    if (rel.split('/').some((part) => part === '..' || part === '') || !ALLOWED.test(rel)) {
      throw invalid(`file: ${rel} is not allowed in a plugin package`);
    }
    files.set(rel, entries[n]!);
  }
  let manifest: { pluginName?: unknown };
  try {
    manifest = JSON.parse(new TextDecoder().decode(files.get('plugin.json')));
  } catch {
    throw invalid('file: plugin.json is not valid JSON');
  }
  const check = validatePluginManifest(manifest);
  if (!check.ok) throw invalid(`file: plugin.json: ${check.message}`);
  const name = String(manifest.pluginName);
  if (!/^[a-z0-9][a-z0-9-]{0,59}$/.test(name))
    throw invalid('file: pluginName must be lower-case letters, digits and -');
  if (taken(name)) throw invalid(`file: a plugin named ${name} is already installed`);
  // Written beside the final folder, then renamed: a half-written package is never seen.
  const dir = path.join(pluginsDir, name);
  const tmp = `${dir}.installing`;
  rmSync(tmp, { recursive: true, force: true });
  for (const [rel, data] of files) {
    const to = path.join(tmp, rel);
    mkdirSync(path.dirname(to), { recursive: true });
    writeFileSync(to, data);
  }
  if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  return dir;
}
