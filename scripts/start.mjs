// `npm start`: build what is stale (TypeScript and the web bundles), then run the production server.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_MAIN, serverEnv, serverNodeFlags } from './server-process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'node_modules', '.forum-build-stamp');

function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const sources = Math.max(
  newest(path.join(root, 'apps')),
  newest(path.join(root, 'packages')),
  newest(path.join(root, 'plugins')),
);
const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
if (sources > built || !existsSync(path.join(root, 'apps/server/dist/main.js'))) {
  console.log('Building (sources changed since the last build)...');
  const b = spawnSync('node', [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit', cwd: root });
  if (b.status !== 0) process.exit(b.status ?? 1);
}

const child = spawn(process.execPath, [...serverNodeFlags(), SERVER_MAIN], {
  stdio: 'inherit',
  cwd: root,
  env: serverEnv(),
});
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => child.kill(s));
child.on('exit', (code) => process.exit(code ?? 0));
