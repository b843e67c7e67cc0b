import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { scenarios, type Scenario } from './scenarios.js';
import { freePort, rssMb, startNode, stop, waitFor } from './proc.js';

// `npm run bench`: the built server on a seeded database vs a bare Fastify route, in one run, loopback only.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
// The standard data set: 10,000 threads / 100,000 replies / 1,000 users, plus one 100,000-reply thread.
const dataset = {
  users: Number(process.env.BENCH_USERS ?? 1000),
  threads: Number(process.env.BENCH_THREADS ?? 10000),
  replies: Number(process.env.BENCH_REPLIES ?? 100000),
  big: Number(process.env.BENCH_BIG_THREAD ?? 100000),
};

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  ratio: number;
  rssMb: number;
}

async function measure(
  url: string,
  s: Pick<Scenario, 'method' | 'body'>,
  headers: Record<string, string>,
  pid: number,
) {
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 500);
  let n = 0;
  const body = s.body;
  const result = await autocannon({
    url,
    connections,
    duration,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    requests: [
      {
        method: s.method,
        // Each write gets a distinct body so the server cannot dedupe them.
        ...(body
          ? { setupRequest: (req: autocannon.Request) => ({ ...req, body: JSON.stringify(body(n++)) }) }
          : {}),
      },
    ],
  });
  clearInterval(sampler);
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    rssMb: peak,
  };
}

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    const b = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], {
      stdio: 'inherit',
      cwd: root,
    });
    if (b.status !== 0) throw new Error('build failed');
  }
  const rows: Row[] = [];

  const basePort = await freePort();
  const base = startNode(path.join(root, 'bench/src/baseline.mjs'), {
    ...process.env,
    PORT: String(basePort),
  });
  await waitFor(`http://127.0.0.1:${basePort}/json`);
  const ceiling = await measure(`http://127.0.0.1:${basePort}/json`, { method: 'GET' }, {}, base.pid!);
  await stop(base);
  rows.push({ name: 'bare Fastify JSON (ceiling)', ...ceiling, ratio: 1 });

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forum-bench-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
    FORUM_ADMIN_USERNAME: 'benchadmin',
    FORUM_ADMIN_PASSWORD: 'benchadmin1',
    FORUM_WEB: existsSync(path.join(root, 'apps/web/dist/server')) ? 'prod' : 'off',
  };
  const seedArgs = [
    'seed',
    '--users',
    dataset.users,
    '--threads',
    dataset.threads,
    '--replies',
    dataset.replies,
    '--big-thread',
    dataset.big,
  ].map(String);
  console.log(
    `seeding ${dataset.threads} threads / ${dataset.replies} replies / ${dataset.users} users (+ a ${dataset.big}-reply thread)...`,
  );
  const seeded = spawnSync(process.execPath, [path.join(root, 'apps/server/dist/cli.js'), ...seedArgs], {
    stdio: 'inherit',
    env,
    cwd: root,
  });
  if (seeded.status !== 0) throw new Error('seeding failed');
  const server = startNode(path.join(root, 'apps/server/dist/main.js'), env);
  try {
    await waitFor(`http://127.0.0.1:${port}/readyz`);
    const login = await fetch(`http://127.0.0.1:${port}/api/v3/users/username.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'benchadmin', password: 'benchadmin1' }),
    });
    const token = ((await login.json()) as { Data: { accessToken: string } }).Data.accessToken;
    const api = (p: string) =>
      fetch(`http://127.0.0.1:${port}${p}`).then(
        (r) => r.json() as Promise<{ Data: { pageData: Array<{ threadId: number }> } }>,
      );
    const list = await api('/api/v3/thread.list?perPage=1&page=2');
    const threadId = Number(list.Data.pageData[0]!.threadId);
    const bigThreadId =
      dataset.big > 0
        ? Number((await api('/api/v3/thread.list?perPage=1&page=1')).Data.pageData[0]!.threadId)
        : null;
    const ctx = {
      threadId,
      bigThreadId,
      bigThreadPages: Math.ceil(dataset.big / 20),
      web: env.FORUM_WEB === 'prod',
    };
    for (const s of scenarios(ctx)) {
      const headers: Record<string, string> = !s.auth
        ? {}
        : s.page
          ? { cookie: `access_token=${token}` }
          : { authorization: `Bearer ${token}` };
      const r = await measure(`http://127.0.0.1:${port}${s.path}`, s, headers, server.pid!);
      rows.push({ name: s.name, ...r, ratio: Math.round((r.rps / ceiling.rps) * 1000) / 1000 });
    }
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(
    `\nbench: ${connections} connections x ${duration} s per row, loopback, ${os.cpus().length} cores`,
  );
  console.table(
    rows.map((r) => ({
      scenario: r.name,
      'req/s': r.rps,
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      errors: r.errors,
      'x ceiling': r.ratio,
      'RSS MB': r.rssMb,
    })),
  );
  const out = path.join(root, 'bench/results', `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(
    out,
    JSON.stringify(
      { at: new Date().toISOString(), duration, connections, node: process.version, rows },
      null,
      2,
    ),
  );
  console.log(`results written to ${path.relative(root, out)}`);
}

await main();
