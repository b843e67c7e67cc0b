import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type Pg from 'pg';
import { SERVER_MAIN, serverEnv, serverNodeFlags } from '../../scripts/server-process.mjs';
import { keepBodiesOnlyForCallbacks } from './bodies.js';
import { measureDelivery } from './delivery.js';
import { paced } from './paced.js';
import { registerMembers } from './members.js';
import { prepareMoney } from './money.js';
import { printReport, type DeliveryRow, type Row, type TargetResult } from './report.js';
import { requestHeaders, scenarios, type Scenario } from './scenarios.js';
import { BENCH_DB_PREFIX, staleBenchDatabases } from './stale-databases.js';
import { childrenPssMb, cpuMs, freePort, rssMb, startNode, stop, waitFor } from './proc.js';

// `npm run bench`: the built server on a seeded database vs a bare Fastify route, loopback only. It measures the
// zero-setup default (the embedded PostgreSQL server) and, when DATABASE_URL is set, that server too, side by side.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// The load generator frames and counts every reply but decodes only the bodies a row reads (bodies.ts).
keepBodiesOnlyForCallbacks();
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
// The standard data set: 10,000 threads / 100,000 replies / 1,000 users, plus one 100,000-reply thread.
const dataset = {
  users: Number(process.env.BENCH_USERS ?? 1000),
  threads: Number(process.env.BENCH_THREADS ?? 10000),
  replies: Number(process.env.BENCH_REPLIES ?? 100000),
  big: Number(process.env.BENCH_BIG_THREAD ?? 100000),
};
// Only the rows whose names contain one of these words (comma-separated; `delivery` for the realtime rows): all by default.
const onlyRows = (process.env.BENCH_ROWS ?? '')
  .split(',')
  .map((w) => w.trim())
  .filter(Boolean);
const wanted = (name: string) => onlyRows.length === 0 || onlyRows.some((w) => name.includes(w));
// Realtime: this many members with a socket open, and private messages sent to them at a steady rate.
const realtime = {
  clients: Number(process.env.BENCH_DELIVERY_CLIENTS ?? 1000),
  messages: Number(process.env.BENCH_DELIVERY_MESSAGES ?? 400),
  rate: Number(process.env.BENCH_DELIVERY_RATE ?? 200),
};

/** What a chained row's connection remembers between its two requests. */
interface Chain {
  n?: number;
  previous?: string;
}

/** Runs `fn` while sampling a process's resident memory; returns its result and the peak. */
async function withPeakRss<T>(pid: number, fn: () => Promise<T>): Promise<{ result: T; rssMb: number }> {
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 500);
  try {
    const result = await fn();
    return { result, rssMb: Math.max(peak, rssMb(pid)) };
  } finally {
    clearInterval(sampler);
  }
}

async function measure(
  url: string,
  s: Pick<Scenario, 'method' | 'body' | 'token' | 'then' | 'alsoGet' | 'rate'>,
  headers: Record<string, string>,
  pid: number,
  seconds = duration,
  cpuDigits = 2,
) {
  let n = 0;
  const { body, token, then, alsoGet = [] } = s;
  const as = (i: number) => (token ? { authorization: `Bearer ${token(i)}` } : {});
  const cpu0 = cpuMs(pid);
  const client0 = process.cpuUsage();
  const t0 = performance.now();
  const { result, rssMb: peak } = await withPeakRss(pid, () =>
    s.rate
      ? paced({
          url,
          rate: s.rate,
          seconds,
          // As reads are measured warm (runTarget), so is a paced row: its first second is not counted.
          warmSeconds: 1,
          method: s.method,
          headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { body: (i: number) => JSON.stringify(body(i)) } : {}),
        })
      : autocannon({
          url,
          connections,
          duration: seconds,
          headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
          requests: [
            {
              method: s.method,
              // Each write gets a distinct body (and sender, when there are several) so the server cannot dedupe them.
              ...(body
                ? {
                    setupRequest: (req: autocannon.Request, context: object) => {
                      const i = n++;
                      (context as Chain).n = i;
                      return { ...req, headers: { ...req.headers, ...as(i) }, body: JSON.stringify(body(i)) };
                    },
                    // A chained row keeps the reply for its second request.
                    ...(then
                      ? {
                          onResponse: (_status: number, reply: string, context: object) => {
                            (context as Chain).previous = reply;
                          },
                        }
                      : {}),
                  }
                : {}),
            },
            ...(then
              ? [
                  {
                    method: 'POST' as const,
                    path: new URL(then.path, url).pathname,
                    setupRequest: (req: autocannon.Request, context: object) => {
                      const { n: i = 0, previous: reply = '{}' } = context as Chain;
                      const previous = JSON.parse(reply) as { Data?: { orderSn?: string } };
                      return {
                        ...req,
                        headers: { ...req.headers, ...as(i) },
                        body: JSON.stringify(then.body(previous, i)),
                      };
                    },
                  },
                ]
              : []),
            // A page's overlay (or any read that follows another on the same connection), made in turn.
            ...alsoGet.map((p) => ({ method: 'GET' as const, path: p })),
          ],
        }),
  );
  const cpu1 = cpuMs(pid);
  const client = process.cpuUsage(client0);
  const wall = performance.now() - t0;
  // CPU per request, server and PostgreSQL apart (machine-wide postgres: read it on a quiet machine).
  const done = Math.max(1, result.requests.total);
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    rssMb: peak,
    // What the client reads per reply (headers and body): a row's rate is partly the load generator's cost.
    bytes:
      'throughput' in result ? Math.round((result as autocannon.Result).throughput.total / done) : undefined,
    // The load generator's share of one core: near 1, the row measured the client as much as the server.
    clientCpu: Math.round(((client.user + client.system) / 1000 / wall) * 100) / 100,
    cpuMs: {
      server: Math.round(((cpu1.server - cpu0.server) / done) * 10 ** cpuDigits) / 10 ** cpuDigits,
      db: Math.round(((cpu1.db - cpu0.db) / done) * 10 ** cpuDigits) / 10 ** cpuDigits,
    },
  };
}

/** A throwaway database on the given server, dropped afterwards (the bench never seeds into yours). */
async function scratchDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  // The server's own PostgreSQL driver: the bench adds no database dependency of its own.
  const pg = createRequire(path.join(root, 'apps/server/package.json'))('pg') as typeof Pg;
  const name = `${BENCH_DB_PREFIX}${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  for (const stale of staleBenchDatabases(
    (await admin.query<{ datname: string }>('SELECT datname FROM pg_database')).rows.map((r) => r.datname),
    Date.now(),
  )) {
    console.log(`dropping ${stale}, left by a bench run that did not finish`);
    await admin.query(`DROP DATABASE IF EXISTS ${stale} WITH (FORCE)`);
  }
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function login(base: string, username: string, password: string, register = false): Promise<string> {
  const call = (p: string) =>
    fetch(base + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    }).then((r) => r.json() as Promise<{ Code: number; Data: { accessToken: string } }>);
  const r = register
    ? await call('/api/v3/users/username.register')
    : await call('/api/v3/users/username.login');
  if (r.Code !== 0) throw new Error(`login ${username} failed: ${r.Code}`);
  return r.Data.accessToken;
}

/** One turn's measure: requests per second and the measured process's CPU ms per request. */
interface Turn {
  rps: number;
  cpuMs: number;
}

/**
 * Two measures taken in turns, six pairs in alternating order (ab, ba, ab, ...): on a shared machine the rate
 * moves by 2x within a minute, so each pair compares adjacent moments, the alternation cancels what going first
 * or second does, and the median of the pairs' ratios ignores a pair a neighbour's burst fell into.
 * Returns both mean rates, the median ratio, and both mean CPU costs per request (what the server spends, which
 * the load generator's own limit does not move).
 */
async function inTurns(
  a: () => Promise<Turn>,
  b: () => Promise<Turn>,
  pairs = 6,
): Promise<{ a: number; b: number; ratio: number; cpuA: number; cpuB: number }> {
  const ratios: number[] = [];
  const sum = { a: 0, b: 0, cpuA: 0, cpuB: 0 };
  for (let i = 0; i < pairs; i++) {
    let x: Turn;
    let y: Turn;
    if (i % 2 === 0) {
      x = await a();
      y = await b();
    } else {
      y = await b();
      x = await a();
    }
    sum.a += x.rps;
    sum.b += y.rps;
    sum.cpuA += x.cpuMs;
    sum.cpuB += y.cpuMs;
    ratios.push(x.rps / Math.max(1, y.rps));
  }
  ratios.sort((p, q) => p - q);
  const median = (ratios[Math.floor((pairs - 1) / 2)]! + ratios[Math.floor(pairs / 2)]!) / 2;
  const mean = (n: number, digits: number) => Math.round((n / pairs) * 10 ** digits) / 10 ** digits;
  return {
    a: mean(sum.a, 0),
    b: mean(sum.b, 0),
    ratio: median,
    cpuA: mean(sum.cpuA, 3),
    cpuB: mean(sum.cpuB, 3),
  };
}

/** Seeds one database, starts the server on it and measures every scenario. */
async function runTarget(
  label: string,
  databaseUrl: string | undefined,
  ceilingRps: number,
  ceilingNow: (seconds: number) => Promise<Turn>,
): Promise<TargetResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forum-bench-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
    FORUM_ADMIN_USERNAME: 'benchadmin',
    FORUM_ADMIN_PASSWORD: 'benchadmin1',
    FORUM_WEB: existsSync(path.join(root, 'apps/web/dist/server')) ? 'prod' : 'off',
  };
  if (!databaseUrl) delete env.DATABASE_URL;
  // Metrics are measured apart (the metrics rows); the other rows run with them off, as a default install does.
  delete env.METRICS_TOKEN;
  delete env.METRICS_PORT;
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
    `[${label}] seeding ${dataset.threads} threads / ${dataset.replies} replies / ${dataset.users} users (+ a ${dataset.big}-reply thread)...`,
  );
  const seeded = spawnSync(process.execPath, [path.join(root, 'apps/server/dist/cli.js'), ...seedArgs], {
    stdio: 'inherit',
    env,
    cwd: root,
  });
  if (seeded.status !== 0) throw new Error('seeding failed');
  // Started exactly as `npm start` starts it (same flags and memory settings).
  // BENCH_SERVER_FLAGS adds Node flags to the measured server only (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`).
  const extraFlags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  const server = startNode(SERVER_MAIN, serverEnv(env), [...serverNodeFlags(env), ...extraFlags]);
  // The server's resident memory over its whole run, set-up included: the sign-ups and the payers' pay passwords
  // (argon2 runs) peak between the measured rows, and a site meets both.
  let runPeak = 0;
  const runSampler = setInterval(() => (runPeak = Math.max(runPeak, rssMb(server.pid!))), 500);
  const rows: Row[] = [];
  const delivery: DeliveryRow[] = [];
  let idle = { rssMb: 0, pgPssMb: 0 };
  let pgPeak = 0;
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/readyz`);
    await new Promise((r) => setTimeout(r, 2000));
    idle = { rssMb: rssMb(server.pid!), pgPssMb: childrenPssMb(server.pid!, 'postgres') };
    // A plain member (group 10), not the administrator: members are the audience the shared renders serve.
    const token = await login(base, 'benchmember', 'benchmember1', true);
    // Fresh members for the private-message rows: pairs of them message each other, all of them listen.
    const t0 = Date.now();
    const members = await registerMembers(base, realtime.clients);
    console.log(
      `[${label}] registered ${members.length} members in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    const pairs = Array.from({ length: Math.floor(members.length / 2) }, (_, i) => ({
      token: members[2 * i]!.token,
      recipientId: members[2 * i + 1]!.userId,
    }));
    const api = (p: string) =>
      fetch(base + p).then((r) => r.json() as Promise<{ Data: { pageData: Array<{ threadId: number }> } }>);
    const threadId = Number((await api('/api/v3/thread.list?perPage=1&page=2')).Data.pageData[0]!.threadId);
    const bigThreadId =
      dataset.big > 0
        ? Number((await api('/api/v3/thread.list?perPage=1&page=1')).Data.pageData[0]!.threadId)
        : null;
    const web = env.FORUM_WEB === 'prod';
    const home = web
      ? await (await fetch(base + '/', { headers: { cookie: `access_token=${token}` } })).text()
      : '';
    const threadPage = web
      ? await (
          await fetch(`${base}/thread/${threadId}`, { headers: { cookie: `access_token=${token}` } })
        ).text()
      : '';
    // A group-shared page names its viewer overlay's address; it carries the overlay inline (one request per
    // view) or asks for it from its first script (two).
    const overlayOf = (html: string) =>
      (
        /__forumOverlay=fetch\("([^"]+)"/.exec(html)?.[1] ?? /data-overlay="([^"]+)"/.exec(html)?.[1]
      )?.replace(/\\u0026|&amp;|&#38;/g, '&') ?? null;
    const inline = (html: string) => html.includes('id="forum-overlay"');
    const overlayPath = overlayOf(home);
    const threadOverlayPath = overlayOf(threadPage);
    // The money rows: funded payers with open pay sessions (the administrator credits their wallets).
    const money = members.length
      ? await prepareMoney(base, await login(base, 'benchadmin', 'benchadmin1'), { token, threadId }, members)
      : null;
    const ctx = {
      money,
      threadId,
      bigThreadId,
      bigThreadPages: Math.ceil(dataset.big / 20),
      web,
      overlayPath,
      threadOverlayPath,
      overlayInline: { home: inline(home), thread: inline(threadPage) },
      pairs,
    };
    const all = scenarios(ctx);
    const guestRowOf = (pair: string) => all.find((x) => x.pair === pair && !x.auth && !x.identity);
    for (const s of all.filter((row) => wanted(row.name))) {
      // Pay sessions last five minutes: each money row opens its payers' sessions just before it runs.
      if (s.opUnit === 'payments' && money) await money.openPaySessions();
      // Reads are measured warm, as a site serves them: two unrecorded seconds first fill what the row's path
      // keeps and compile its code, so the row's first seconds do not count a start-up only it pays.
      if (s.method === 'GET') await measure(base + s.path, s, requestHeaders(s, token), server.pid!, 2);
      const r = await measure(base + s.path, s, requestHeaders(s, token), server.pid!);
      pgPeak = Math.max(pgPeak, childrenPssMb(server.pid!, 'postgres'));
      // A cached guest page is also held against the ceiling measured at the same moments (issue 30: at least
      // half of it): six pairs of 2 s turns, the page and the ceiling (inTurns). On a shared machine the ceiling
      // moves by 2x within a minute; taken in turns, both see the same moments.
      let adjacent: Row['adjacent'];
      const rowFor2s = (row: Scenario) => async (): Promise<Turn> => {
        const m = await measure(base + row.path, row, requestHeaders(row, token), server.pid!, 2, 3);
        return { rps: m.rps, cpuMs: m.cpuMs.server };
      };
      if (s.page && !s.auth && !s.identity) {
        const turns = await inTurns(rowFor2s(s), () => ceilingNow(2));
        adjacent = { rps: turns.a, ceilingRps: turns.b, ratio: Math.round(turns.ratio * 1000) / 1000 };
      }
      // A member's whole view and members' thread.list (issue 30: at least 0.8 of the guest's) are also held
      // against the guest row in turns (inTurns), for the same reason: member/guest from rows a minute apart
      // measures the machine's drift as much as the server.
      let guestInTurns: Row['guestInTurns'];
      const guestRow = s.turnsWithGuest && s.pair ? guestRowOf(s.pair) : undefined;
      if (guestRow) {
        const turns = await inTurns(rowFor2s(s), rowFor2s(guestRow));
        const perOp = s.requestsPerOp ?? 1;
        const ratio = Math.round((turns.ratio / perOp) * 100) / 100;
        // Server CPU per member view (or call) and per guest request: what each costs the server, whatever
        // the load generator's own limit does to the rates.
        const serverCpuMs = { member: Math.round(turns.cpuA * perOp * 1000) / 1000, guest: turns.cpuB };
        guestInTurns = { rps: turns.a, guestRps: turns.b, ratio, serverCpuMs };
        console.log(
          `[${label}] ${s.name} in turns with ${guestRow.name}: ${guestInTurns.rps} vs ${guestInTurns.guestRps} req/s, member/guest ${guestInTurns.ratio}; server CPU ${serverCpuMs.member} ms (member) vs ${serverCpuMs.guest} ms (guest)`,
        );
      }
      rows.push({
        name: s.name,
        pair: s.pair,
        ...(guestInTurns ? { guestInTurns } : {}),
        member: !!s.auth,
        ...r,
        ratio: Math.round((r.rps / ceilingRps) * 1000) / 1000,
        ...(adjacent ? { adjacent } : {}),
        ...(s.requestsPerOp
          ? { opsPerSec: Math.round(r.rps / s.requestsPerOp), opUnit: s.opUnit ?? 'operations' }
          : {}),
      });
      if (adjacent)
        console.log(
          `[${label}] ${s.name} in turns with the ceiling: ${adjacent.rps} vs ${adjacent.ceilingRps} req/s = ${adjacent.ratio}`,
        );
      console.log(
        `[${label}] ${s.name}: ${r.rps} req/s${s.requestsPerOp ? ` = ${Math.round(r.rps / s.requestsPerOp)} ${s.opUnit ?? 'operations'}/s` : ''}, p50 ${r.p50} ms, p99 ${r.p99} ms${r.errors ? `, ${r.errors} FAILED (errors, timeouts or non-2xx replies)` : ''}, RSS ${r.rssMb} MB${r.bytes ? `, ${r.bytes} B/reply` : ''}, load generator ${Math.round((r.clientCpu ?? 0) * 100)} % of a core, CPU per request: server ${r.cpuMs.server} ms, PostgreSQL ${r.cpuMs.db} ms`,
      );
    }
    // What /metrics costs (issue 28): the guest home page on this instance (metrics off) and, right after, on a
    // second instance of the same database with METRICS_TOKEN set. Only with a database URL: the embedded server
    // belongs to its one process.
    if (web && databaseUrl && wanted('metrics')) {
      const portM = await freePort();
      const envM = { ...env, PORT: String(portM), METRICS_TOKEN: 'bench-metrics' };
      const serverM = startNode(SERVER_MAIN, serverEnv(envM), serverNodeFlags(envM));
      try {
        await waitFor(`http://127.0.0.1:${portM}/readyz`);
        const homeRow: Scenario = { name: 'home page / (guest)', method: 'GET', path: '/', page: true };
        // Two rounds, the second recorded: the first warms the new instance (its page store, the JIT) as the
        // measured one has been by the rows before.
        const on = `http://127.0.0.1:${portM}`;
        for (const round of [1, 2]) {
          let off = 0;
          for (const [name, at, pid] of [
            ['home page / (guest, metrics off)', base, server.pid!],
            ['home page / (guest, metrics on)', on, serverM.pid!],
          ] as const) {
            const r = await measure(at + '/', homeRow, requestHeaders(homeRow, token), pid);
            if (round === 2)
              rows.push({ name, member: false, ...r, ratio: Math.round((r.rps / ceilingRps) * 1000) / 1000 });
            const vsOff = off ? `, ${((r.rps / off) * 100).toFixed(1)} % of metrics off` : '';
            off ||= r.rps;
            console.log(
              `[${label}] round ${round}, ${name}: ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms${vsOff}`,
            );
          }
        }
      } finally {
        await stop(serverM);
      }
    }
    const deliver = async (name: string, socketBase: string, pid: number) => {
      const { result, rssMb } = await withPeakRss(pid, () =>
        measureDelivery({ ...realtime, sendBase: base, socketBase, members }),
      );
      delivery.push({ name, ...result, rssMb });
      console.log(
        `[${label}] delivery, ${name}: p50 ${result.p50} ms, p99 ${result.p99} ms, lost ${result.lost}`,
      );
    };
    if (members.length >= 2 && wanted('delivery')) await deliver('one instance', base, server.pid!);
    // A second instance on the same database, woken over Redis as behind a load balancer: sent through the first,
    // received on the second. Only with a database URL: the embedded server belongs to its one process.
    if (members.length >= 2 && databaseUrl && process.env.REDIS_URL && wanted('delivery')) {
      const portB = await freePort();
      const envB = { ...env, PORT: String(portB) };
      const serverB = startNode(SERVER_MAIN, serverEnv(envB), serverNodeFlags(envB));
      try {
        await waitFor(`http://127.0.0.1:${portB}/readyz`);
        await deliver('two instances over Redis', `http://127.0.0.1:${portB}`, serverB.pid!);
      } finally {
        await stop(serverB);
      }
    }
  } finally {
    clearInterval(runSampler);
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { label, rows, delivery, idle, runPeakRssMb: runPeak, pgPeakPssMb: pgPeak };
}

/** The bare-Fastify baseline's ceiling: `seconds` of its JSON route from this process. */
const ceilingAt = (basePort: number, pid: number, seconds = duration) =>
  measure(`http://127.0.0.1:${basePort}/json`, { method: 'GET' }, {}, pid, seconds);

/** One target in this process (a child of main): its result goes to a JSON file the parent reads. */
async function childTarget(target: string) {
  const basePort = Number(process.env.BENCH_BASELINE_PORT);
  const basePid = Number(process.env.BENCH_BASELINE_PID);
  const ceilingRps = Number(process.env.BENCH_CEILING_RPS);
  const ceilingNow = async (seconds: number): Promise<Turn> => {
    const m = await ceilingAt(basePort, basePid, seconds);
    return { rps: m.rps, cpuMs: m.cpuMs.server };
  };
  let result: TargetResult;
  if (target === 'embedded') result = await runTarget('embedded', undefined, ceilingRps, ceilingNow);
  else {
    const scratch = await scratchDatabase(process.env.DATABASE_URL!);
    try {
      result = await runTarget('DATABASE_URL', scratch.url, ceilingRps, ceilingNow);
    } finally {
      await scratch.drop();
    }
  }
  writeFileSync(process.env.BENCH_CHILD_OUT!, JSON.stringify(result));
}

/**
 * Each target is measured by a load generator of its own (a fresh child process running this file): one process
 * running both, the second target's rows with replies over ~6.5 KB ran at 0.66-0.71 of their figures when
 * measured alone, with the load generator at ~95 % of a core, after it had carried the first target's
 * 1,000 WebSockets and rows (issue 30).
 */
async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    const b = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], {
      stdio: 'inherit',
      cwd: root,
    });
    if (b.status !== 0) throw new Error('build failed');
  }
  const basePort = await freePort();
  const base = startNode(path.join(root, 'bench/src/baseline.mjs'), {
    ...process.env,
    PORT: String(basePort),
  });
  await waitFor(`http://127.0.0.1:${basePort}/json`);
  const ceiling = await ceilingAt(basePort, base.pid!);
  // The baseline stays up (idle between its rows) for the ceilings measured beside the cached guest pages.

  const targets: TargetResult[] = [];
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'forum-bench-out-'));
  try {
    const only = process.env.BENCH_TARGETS ?? 'embedded,url';
    const chosen = [
      ...(only.includes('embedded') ? ['embedded'] : []),
      ...(process.env.DATABASE_URL && only.includes('url') ? ['url'] : []),
    ];
    for (const target of chosen) {
      const out = path.join(outDir, `${target}.json`);
      const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
        stdio: 'inherit',
        cwd: root,
        env: {
          ...process.env,
          BENCH_CHILD_TARGET: target,
          BENCH_CHILD_OUT: out,
          BENCH_BASELINE_PORT: String(basePort),
          BENCH_BASELINE_PID: String(base.pid),
          BENCH_CEILING_RPS: String(ceiling.rps),
        },
      });
      if (child.status !== 0) throw new Error(`the ${target} target failed`);
      targets.push(JSON.parse(readFileSync(out, 'utf8')) as TargetResult);
    }
  } finally {
    await stop(base);
    rmSync(outDir, { recursive: true, force: true });
  }
  printReport({ connections, duration, cores: os.cpus().length, ceiling, realtime, targets });
  const out = path.join(root, 'bench/results', `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(
    out,
    JSON.stringify(
      {
        at: new Date().toISOString(),
        duration,
        connections,
        node: process.version,
        ceiling,
        realtime,
        targets,
      },
      null,
      2,
    ),
  );
  console.log(`results written to ${path.relative(root, out)}`);
}

if (process.env.BENCH_CHILD_TARGET) await childTarget(process.env.BENCH_CHILD_TARGET);
else await main();
