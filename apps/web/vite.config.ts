/// <reference types="vitest/config" />
import path from 'node:path';
import { defineConfig, defaultClientConditions, defaultServerConditions } from 'vite';
import react from '@vitejs/plugin-react';
import { installedPluginsVite } from './build/installed-plugins.vite.ts';
import { reactRouterProductionVite } from './build/react-router-production.vite.ts';

// Test builds (browser tests) add fixture plugins that must never ship: a throwing one, a pc-only one.
const fixtures = process.env.FORUM_PLUGIN_FIXTURES === '1';

// `source` makes workspace packages resolve to their TypeScript sources (no pre-build needed in dev or tests).
export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    reactRouterProductionVite(),
    react(),
    installedPluginsVite({
      dirs: [path.resolve(import.meta.dirname, '../../plugins')],
      // Unit tests (vitest sets VITEST) check the example plugins like the browser tests do.
      includeExamples: fixtures || process.env.FORUM_EXAMPLE_PLUGINS === '1' || Boolean(process.env.VITEST),
      extraEntries: fixtures
        ? [path.resolve(import.meta.dirname, 'src/plugins/fixtures/fixture-plugins.tsx')]
        : [],
    }),
  ],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: {
    resolve: { conditions: ['source', ...defaultServerConditions], externalConditions: ['source'] },
    noExternal: [/^@forum\//],
  },
  build: {
    outDir: 'dist/client',
    manifest: true,
    rollupOptions: { input: 'src/entry-client.tsx' },
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
