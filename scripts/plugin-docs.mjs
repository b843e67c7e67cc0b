#!/usr/bin/env node
// Writes the slot, render-input and navigation-event tables of docs/plugins.md from the SDK catalogue.
// `npm run docs:plugins` rewrites them; `-- --check` only fails when they differ (a web test checks the same).
// Needs the SDK's TypeScript sources: run through `npm run docs:plugins` (tsx, `source` condition).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DOC_TABLES_END, DOC_TABLES_START, renderDocTables } from '@forum/plugin-sdk/docs';

const file = path.resolve(import.meta.dirname, '../docs/plugins.md');
const text = readFileSync(file, 'utf8');
const start = text.indexOf(DOC_TABLES_START);
const end = text.indexOf(DOC_TABLES_END);
if (start < 0 || end < start) {
  console.error('plugin-docs: the generated-tables markers are missing from docs/plugins.md');
  process.exit(2);
}
const next = text.slice(0, start) + renderDocTables() + text.slice(end + DOC_TABLES_END.length);
if (next === text) {
  console.log('plugin-docs: docs/plugins.md is up to date');
} else if (process.argv.includes('--check')) {
  console.error('plugin-docs: docs/plugins.md differs from the SDK catalogue; run "npm run docs:plugins"');
  process.exit(1);
} else {
  writeFileSync(file, next);
  console.log('plugin-docs: docs/plugins.md updated');
}
