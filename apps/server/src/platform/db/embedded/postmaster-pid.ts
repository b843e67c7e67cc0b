import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** What `postmaster.pid` says about a running (or crashed) server. */
export interface PostmasterPid {
  pid: number;
  port: number;
  /** Status line: "starting", "ready", "stopping" (PostgreSQL 10+). */
  status: string;
}

/** Reads DATA_DIR/pg/postmaster.pid, or null when there is none. */
export function readPostmasterPid(dir: string): PostmasterPid | null {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
  // Lines: pid, data dir, start time, port, socket dir, listen address, shared memory key, status.
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return { pid, port: Number(lines[3]), status: (lines[7] ?? '').trim() };
}

function procText(pid: number, file: string): string | null {
  try {
    return fs.readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return null;
  }
}

function ps(pid: number, field: string): string | null {
  try {
    return execFileSync('ps', ['-o', `${field}=`, '-p', String(pid)], {
      encoding: 'utf8',
      stdio: 'pipe',
    }).trim();
  } catch {
    return null;
  }
}

/** True while the process exists and is not a zombie (an orphan nobody reaps still answers kill 0). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = procText(pid, 'stat');
  if (stat !== null) return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  return ps(pid, 'stat')?.startsWith('Z') !== true;
}

/** The process's parent, or null when it cannot be told. */
export function parentOf(pid: number): number | null {
  const stat = procText(pid, 'stat');
  const text = stat !== null ? stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] : ps(pid, 'ppid');
  const ppid = Number(text);
  return Number.isInteger(ppid) && ppid > 0 ? ppid : null;
}

/**
 * Whether `pid` is a postmaster serving `dir`: after a reboot or in a new container the pid in a stale
 * file may belong to an unrelated process, and PostgreSQL would then refuse to start.
 */
export function isPostmasterOf(pid: number, dir: string): boolean {
  if (!isAlive(pid)) return false;
  const cmdline = procText(pid, 'cmdline')?.split('\0').join(' ') ?? ps(pid, 'command');
  // Without /proc or ps (Windows) a live pid is taken at its word.
  if (cmdline === null || cmdline === undefined) return true;
  return cmdline.includes('postgres') && cmdline.includes(dir);
}
