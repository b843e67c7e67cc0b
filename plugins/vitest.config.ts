import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// First-party plugins' own tests (`<plugin>/web/*.test.tsx`); the SDK resolves to its TypeScript sources.
export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: { name: 'plugins', include: ['*/web/**/*.test.{ts,tsx}'] },
});
