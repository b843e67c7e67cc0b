// `npm test`: the whole suite (unit, API on a real database, browser tests) in one vitest run,
// then one plain closing line "tests: N passed, N failed, N skipped" that CI can read.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

// The h5 first-load budget of `/` (issue 3) is part of the suite: build the web if the browser run did not.
let bundleStatus = 0;
if (!existsSync('apps/web/dist/client/.vite/manifest.json')) {
  spawnSync('npm', ['run', 'build', '--workspace', '@forum/web'], {
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
bundleStatus = spawnSync('node', ['scripts/bundle-size.mjs'], { stdio: 'inherit' }).status ?? 1;
if (bundleStatus !== 0 && summary) summary.failed += 1;

if (summary) {
  console.log(`\ntests: ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`);
  // A file that fails to load has no failed tests of its own: say so, or the red exit code looks unexplained.
  if (summary.suitesFailed > 0 && summary.failed === 0)
    console.log(`(${summary.suitesFailed} suite(s) failed to load)`);
}
process.exit((run.status ?? 1) || bundleStatus);
