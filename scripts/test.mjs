// `npm test`: the whole suite (unit, API on a real database, browser tests) in one vitest run,
// then one plain closing line "tests: N passed, N failed, N skipped" that CI can read.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dir = mkdtempSync(path.join(os.tmpdir(), 'forum-vitest-'));
const report = path.join(dir, 'report.json');
const args = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
];
const run = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } });

let summary = null;
try {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  summary = {
    passed: r.numPassedTests,
    failed: r.numFailedTests,
    skipped,
    suitesFailed: r.numFailedTestSuites,
  };
} catch {
  // No report: vitest itself failed to start; its own output says why.
}
rmSync(dir, { recursive: true, force: true });

// The h5 first-load budget of `/` (issue 3) is part of the suite, measured on a production build of the client
// made for it: the browser tests leave apps/web/dist built with their fixture plugins.
const bundleDir = mkdtempSync(path.join(os.tmpdir(), 'forum-bundle-'));
const built = spawnSync(
  'npx',
  ['vite', 'build', '--outDir', bundleDir, '--emptyOutDir', '--logLevel', 'error'],
  {
    cwd: path.resolve(import.meta.dirname, '../apps/web'),
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', FORUM_PLUGIN_FIXTURES: '' },
  },
);
const bundleStatus =
  built.status === 0
    ? (spawnSync('node', [path.resolve(import.meta.dirname, 'bundle-size.mjs')], {
        stdio: 'inherit',
        env: { ...process.env, BUNDLE_DIR: bundleDir },
      }).status ?? 1)
    : 1;
rmSync(bundleDir, { recursive: true, force: true });
if (bundleStatus !== 0 && summary) summary.failed += 1;

if (summary) {
  console.log(`\ntests: ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`);
  // A file that fails to load has no failed tests of its own: say so, or the red exit code looks unexplained.
  if (summary.suitesFailed > 0 && summary.failed === 0)
    console.log(`(${summary.suitesFailed} suite(s) failed to load)`);
}
process.exit((run.status ?? 1) || bundleStatus);
