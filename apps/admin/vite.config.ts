import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';

// A client-only app under /admin: its own bundle, never loaded by the public pages.
export default defineConfig({
  root: import.meta.dirname,
  base: '/admin/',
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: { outDir: 'dist', emptyOutDir: true },
});
