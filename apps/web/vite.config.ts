/// <reference types="vitest/config" />
import { defineConfig, defaultClientConditions, defaultServerConditions } from 'vite';
import react from '@vitejs/plugin-react';

// `source` makes workspace packages resolve to their TypeScript sources (no pre-build needed in dev or tests).
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
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
