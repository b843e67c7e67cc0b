import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOC_TABLES_END, DOC_TABLES_START, renderDocTables } from '@forum/plugin-sdk/docs';
import { SLOT_CATALOGUE } from '@forum/plugin-sdk';

const guide = readFileSync(path.resolve(import.meta.dirname, '../../../../docs/plugins.md'), 'utf8');

describe('docs/plugins.md', () => {
  it('carries the tables the SDK catalogue gives (run "npm run docs:plugins" after changing the SDK)', () => {
    const start = guide.indexOf(DOC_TABLES_START);
    const end = guide.indexOf(DOC_TABLES_END);
    expect(start).toBeGreaterThan(0);
    expect(guide.slice(start, end + DOC_TABLES_END.length)).toBe(renderDocTables());
  });

  it('lists every slot of the catalogue and every navigation event', () => {
    for (const key of Object.keys(SLOT_CATALOGUE)) expect(renderDocTables()).toContain(`| \`${key}\` |`);
    for (const e of ['routeChangeStart', 'beforeHistoryChange', 'routeChangeComplete', 'routeChangeError']) {
      expect(renderDocTables()).toContain(`| \`${e}\` |`);
    }
  });
});
