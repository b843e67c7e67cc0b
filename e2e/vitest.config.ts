import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Browser tests start the real server and Debian chromium, each file its own; two files at a time (vitest's
// default on 2 cores would be one), with generous timeouts.
export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  // Without 'module' (as in the root config): Node never uses it, and the AWS SDK points it at a bundler-only
  // build (extensionless imports) that Node cannot load once Vitest hands it over.
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions.filter((c) => c !== 'module')] } },
  test: {
    name: 'e2e',
    include: ['**/*.e2e.test.ts'],
    exclude: ['**/node_modules/**', 'artifacts/**'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // expect.poll's own default is 1 s: a page that hydrates and answers in 1.5 s on a loaded CI machine is not
    // wrong (navigation-situations failed once that way). Calls that need a tighter bound pass their own.
    expect: { poll: { timeout: 10_000 } },
    fileParallelism: true,
    globalSetup: ['./support/global-setup.ts'],
    sequence: { groupOrder: 1 },
    maxWorkers: 2,
    // Files share their worker's modules (the server's are evaluated once per worker, not per file); each
    // file still starts its own forum on its own database and its own browser.
    isolate: false,
  },
});
