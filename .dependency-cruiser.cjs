/** Import rules of docs/architecture.md §3, enforced by `npm run deps:check`. */
module.exports = {
  forbidden: [
    {
      name: 'apps-never-import-each-other',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/([^/]+)/', pathNot: '^apps/$1/' },
    },
    {
      name: 'contracts-depend-on-zod-only',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^(apps|packages/(?!contracts)|plugins)/' },
    },
    {
      name: 'packages-never-import-apps',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'plugins-import-only-sdk-contracts-ui',
      severity: 'error',
      from: { path: '^plugins/' },
      to: { path: '^(apps|packages/(api-client))/' },
    },
    {
      name: 'server-platform-never-imports-features',
      severity: 'error',
      from: { path: '^apps/server/src/platform/' },
      to: { path: '^apps/server/src/features/' },
    },
    {
      name: 'features-use-each-other-through-index',
      comment:
        'A feature reaches another only through its index.ts (tables are allowed for joins in repositories).',
      severity: 'error',
      from: { path: '^apps/server/src/features/([^/]+)/' },
      to: {
        path: '^apps/server/src/features/([^/]+)/',
        pathNot: [
          '^apps/server/src/features/$1/',
          '^apps/server/src/features/[^/]+/(index|[^/]+\\.table)\\.ts$',
        ],
      },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: '^(apps|packages)/', pathNot: '\\.test\\.tsx?$' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|dist|\\.test\\.tsx?$|/test/)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['source', 'import', 'default'] },
  },
};
