import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// First-party plugins' own tests (`<plugin>/web/*.test.tsx`); the SDK resolves to its TypeScript sources.
export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  // Without 'module' (as in the root config): Node never uses it, and the AWS SDK points it at a bundler-only
  // build (extensionless imports) that Node cannot load once Vitest hands it over.
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions.filter((c) => c !== 'module')] } },
  test: { name: 'plugins', include: ['*/web/**/*.test.{ts,tsx}'] },
});
