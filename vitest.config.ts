import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// One `npm test` for the repo: server and contracts here; each front-end package and the browser tests
// bring their own config. Workspace packages resolve to their TypeScript sources via the `source` condition.
export default defineConfig({
  test: {
    // One PostgreSQL server for the whole run (DATABASE_URL's, or an embedded one) and a migrated template
    // that each test file's database is copied from; server and browser tests read it through inject().
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    // Vitest's default is one worker per core less one: a single worker on a 2-core CI machine. The server's
    // files mostly wait on PostgreSQL and timers, so more workers than cores keep both cores busy. (Projects
    // run together must share it; the browser tests, a later group, set their own.)
    maxWorkers: 4,
    projects: [
      {
        resolve: { conditions: ['source', ...defaultClientConditions] },
        // Without 'module': Node never uses it, and packages such as the AWS SDK point it at bundler-only
        // builds (extensionless imports) that Node cannot load once Vitest hands them over.
        ssr: {
          resolve: { conditions: ['source', ...defaultServerConditions.filter((c) => c !== 'module')] },
        },
        test: {
          name: 'server',
          include: [
            'apps/server/src/**/*.test.ts',
            'packages/contracts/src/**/*.test.ts',
            'bench/src/**/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 90_000,
          pool: 'forks',
          // Files share their worker's modules: evaluating the server's for each of 140 files was 40 % of this
          // group's time. Each file builds its own app on its own database; a test that fakes time or spies
          // on a prototype restores it (afterEach / finally), as it must with or without isolation.
          isolate: false,
        },
      },
      'packages/api-client/vitest.config.ts',
      'packages/ui/vitest.config.ts',
      'apps/web/vite.config.ts',
      'plugins/vitest.config.ts',
      'e2e/vitest.config.ts',
    ],
  },
});
