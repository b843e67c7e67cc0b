// Builds everything: TypeScript project references, then the web bundles when the web app exists.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const steps = [['npx', ['tsc', '-b']]];
if (existsSync(path.join(root, 'apps/web/vite.config.ts')))
  steps.push(['npm', ['run', 'build', '--workspace', '@forum/web']]);
if (existsSync(path.join(root, 'apps/admin/vite.config.ts')))
  steps.push(['npm', ['run', 'build', '--workspace', '@forum/admin']]);
for (const [cmd, args] of steps) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
mkdirSync(path.join(root, 'node_modules'), { recursive: true });
writeFileSync(path.join(root, 'node_modules', '.forum-build-stamp'), new Date().toISOString());
