import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Tags the document needs for one environment (mirrors the web app's PageAssets). */
export interface PageAssets {
  head: string;
  body: string;
  preload?: (modules: string[]) => string;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

const ENTRY = 'src/entry-client.tsx';

/** Built assets from Vite's manifest: the entry's CSS and script, and preloads for the matched page chunks. */
export function prodAssets(clientDir: string): PageAssets {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entry = manifest[ENTRY];
  if (!entry) throw new Error(`web build manifest has no ${ENTRY}`);

  // Walks static imports only: dynamic ones (other pages, the pc view on h5) must not be preloaded.
  const collect = (key: string, files: Set<string>, css: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) collect(i, files, css);
  };
  const entryFiles = new Set<string>();
  const entryCss = new Set<string>();
  collect(ENTRY, entryFiles, entryCss);

  const tags = (files: Iterable<string>, css: Iterable<string>, skip: Set<string>) =>
    [...css].map((c) => `<link rel="stylesheet" href="/${c}">`).join('') +
    [...files]
      .filter((f) => !skip.has(f) && f !== entry.file)
      .map((f) => `<link rel="modulepreload" nonce="__NONCE__" href="/${f}">`)
      .join('');

  return {
    head: tags(entryFiles, entryCss, new Set()),
    body: `<script type="module" nonce="__NONCE__" src="/${entry.file}"></script>`,
    preload(modules) {
      const files = new Set<string>();
      const css = new Set<string>();
      for (const m of modules) collect(m, files, css);
      for (const c of entryCss) css.delete(c);
      return tags(files, css, entryFiles);
    },
  };
}
