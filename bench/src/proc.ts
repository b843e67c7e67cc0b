import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';

/** A free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** Resident memory of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

/** Waits until a URL answers 2xx. */
export async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

/** Children still running: stopped when the bench process ends, however it ends. */
const running = new Set<ChildProcess>();
let reaping = false;

/**
 * Stops the running children when this process exits, also on a crash or a stop signal: a bench that died
 * of an uncaught error once left its forum server and embedded PostgreSQL running idle for an hour, beside
 * every later run on the machine.
 */
function reapOnExit(): void {
  if (reaping) return;
  reaping = true;
  process.on('exit', () => {
    for (const c of running) c.kill('SIGTERM');
  });
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)
    process.once(signal, () => process.exit(code));
}

/** Starts a Node script as a child process with an environment (and Node flags). */
export function startNode(script: string, env: NodeJS.ProcessEnv, flags: string[] = []): ChildProcess {
  reapOnExit();
  const child = spawn(process.execPath, [...flags, script], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** Stops a child and waits for it to exit. */
export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Proportional memory (PSS, shared pages split) of a process's descendants with this command name, in MB. */
export function childrenPssMb(pid: number, comm: string): number {
  const parents = new Map<number, number>();
  const names = new Map<number, string>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      names.set(Number(d), stat.slice(stat.indexOf('(') + 1, close));
      parents.set(Number(d), Number(stat.slice(close + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const under = (p: number): boolean => {
    for (let x = parents.get(p), hops = 0; x && hops < 8; x = parents.get(x), hops++)
      if (x === pid) return true;
    return false;
  };
  let kb = 0;
  for (const [p, name] of names) {
    if (name !== comm || !under(p)) continue;
    try {
      kb += Number(/Pss:\s+(\d+)/.exec(readFileSync(`/proc/${p}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return Math.round(kb / 1024);
}

/**
 * CPU time (user + system) in ms: of one process, and of every process named `postgres` on this machine, with
 * the backends that ended meanwhile (counted in their postmaster's children's time).
 */
export function cpuMs(pid: number): { server: number; db: number } {
  const tick = 1000 / 100; // Linux reports clock ticks of USER_HZ = 100
  let server = 0;
  let db = 0;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const name = stat.slice(stat.indexOf('(') + 1, close);
      const f = stat.slice(close + 2).split(' ');
      const used = (Number(f[11]) + Number(f[12])) * tick; // utime, stime
      // cutime, cstime: what a process's children used before they ended, i.e. the postmaster's ended backends.
      const reaped = (Number(f[13]) + Number(f[14])) * tick;
      if (Number(d) === pid) server += used;
      else if (name === 'postgres') db += used + reaped;
    } catch {
      // gone meanwhile
    }
  }
  return { server, db };
}
