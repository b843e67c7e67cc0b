#!/usr/bin/env node
// Prints the first-load JavaScript of `/` on h5 and pc (gzip) and fails when h5 is above the budget or when any
// browser build file mentions Preact. The browser runs React 19 like the server (react-dom alone is about 62 KB
// gzip, React Router's data router about 29 KB); before a Preact layer was tried it was 121.6 KB, so the budget
// is 125 KB: a change that adds more than a few KB to every first visit has to say why.
// First load = the client entry and its static imports + the home route module and its static imports; dynamic
// imports (other pages, the pc home view, the API client with zod) are not loaded by a phone opening `/`. The pc
// figure adds the pc home view, which the browser loads while hydrating a desktop page.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = Number(process.env.BUNDLE_BUDGET_KB ?? 125);
const TARGET_KB = 100;
// BUNDLE_DIR reads another build's client folder (one made with `vite build --outDir`).
const clientDir = process.env.BUNDLE_DIR ?? path.resolve(import.meta.dirname, '../apps/web/dist/client');
const manifestPath = path.join(clientDir, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`bundle-size: ${manifestPath} missing; run "npm run build" first`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const walk = (key, files) => {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`bundle-size: ${key} not in the manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const i of chunk.imports ?? []) walk(i, files);
  return files;
};
const h5 = ['src/entry-client.tsx', 'src/features/home/home-page.tsx'].reduce(
  (files, key) => walk(key, files),
  new Set(),
);
const pc = walk('src/features/home/home-page.pc.tsx', new Set(h5));

const gz = new Map(
  [...pc].map((f) => [f, gzipSync(readFileSync(path.join(clientDir, f)), { level: 9 }).length]),
);
const kbOf = (files) => [...files].reduce((sum, f) => sum + gz.get(f), 0) / 1024;
for (const [f, size] of [...gz].sort((a, b) => b[1] - a[1]))
  console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${f}${h5.has(f) ? '' : '  (pc only)'}`);
const kb = kbOf(h5);
console.log(
  `first-load JS of / on h5: ${kb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB, team target < ${TARGET_KB} KB); ` +
    `on pc: ${kbOf(pc).toFixed(1)} KB`,
);
// For comparison (no budget): a thread page opened from a link, the page most visits start on after `/`.
const thread = walk('src/features/threads/thread-page.tsx', walk('src/entry-client.tsx', new Set()));
const threadKb = [...thread].reduce(
  (sum, f) => sum + gzipSync(readFileSync(path.join(clientDir, f))).length,
  0,
);
console.log(`first-load JS of /thread/:id: ${(threadKb / 1024).toFixed(1)} KB gzip`);

// zod and the contracts (about 50 KB gzip) come with the API client on the first call, never with a page's first
// load: the first page's data arrives with the HTML. A page imports constants from `@forum/contracts/constants`
// and names its calls (`act('postsUpdate', …)`).
const withZod = [...new Set([...pc, ...thread])].filter((f) =>
  readFileSync(path.join(clientDir, f), 'utf8').includes('ZodError'),
);
if (withZod.length > 0) {
  console.error(`bundle-size: zod is in the first load of / or /thread/:id (${withZod.join(', ')})`);
  process.exit(1);
}

// The code catalogue's message table (3 KB gzip) is the server's: pages import `Code` on their first load, never it.
const { codeMessages } = await import('../packages/contracts/dist/code-messages.js');
const tableText = Object.values(codeMessages).at(-1).en;
const withTable = [...new Set([...pc, ...thread])].filter((f) =>
  readFileSync(path.join(clientDir, f), 'utf8').includes(tableText),
);
if (withTable.length > 0) {
  console.error(`bundle-size: the code message table is in the first load (${withTable.join(', ')})`);
  process.exit(1);
}

// One renderer: a Preact layer in the browser would be a second one to keep in agreement with the server's React.
// Every file, as `grep -ri preact apps/web/dist/client` would read it (source maps and the manifest included).
const preact = readdirSync(clientDir, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile())
  .map((e) => path.relative(clientDir, path.join(e.parentPath, e.name)))
  .filter((f) => /preact/i.test(readFileSync(path.join(clientDir, f), 'latin1')));
if (preact.length > 0) {
  console.error(`bundle-size: the browser build mentions Preact in ${preact.join(', ')}`);
  process.exit(1);
}
if (kb > BUDGET_KB) {
  console.error(`bundle-size: over budget by ${(kb - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
