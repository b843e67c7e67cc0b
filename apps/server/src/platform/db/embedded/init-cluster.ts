import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { RunAs } from './postgres-os-user.js';

/**
 * The cluster's superuser password: generated with a new cluster, kept beside it, readable by this user
 * only. An existing cluster without its file cannot be logged into, so that is an error, not a new password.
 */
export function readOrCreatePassword(file: string, clusterExists: boolean): string {
  try {
    const password = fs.readFileSync(file, 'utf8').trim();
    if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
    if (password) return password;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  if (clusterExists) {
    throw new Error(
      `${file} (the embedded PostgreSQL password) is missing or empty: restore it, or move the cluster away`,
    );
  }
  const password = randomBytes(24).toString('base64url');
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/**
 * Runs initdb: UTF-8, locale-independent ordering and case rules, password logins only. It builds the
 * cluster beside `dir` and renames it into place, so a start killed halfway leaves no half-made cluster.
 */
export async function initCluster(o: {
  initdb: string;
  dir: string;
  superuser: string;
  password: string;
  runAs: RunAs;
}): Promise<void> {
  const target = `${o.dir}.initdb`;
  fs.rmSync(target, { recursive: true, force: true });
  fs.mkdirSync(target, { mode: 0o700 });
  // initdb reads the password from a file: one next to the cluster, which the server's account can read.
  const pwfile = path.join(path.dirname(o.dir), `.pg-initdb-${randomBytes(6).toString('hex')}`);
  fs.writeFileSync(pwfile, `${o.password}\n`, { mode: 0o600 });
  if (o.runAs) {
    fs.chownSync(target, o.runAs.uid, o.runAs.gid);
    fs.chownSync(pwfile, o.runAs.uid, o.runAs.gid);
  }
  try {
    const args = [
      `--pgdata=${target}`,
      `--username=${o.superuser}`,
      `--pwfile=${pwfile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      // The builtin provider sorts and folds case the same on every OS (no libc or ICU differences).
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--locale=C',
      '--no-instructions',
    ];
    const child = spawn(o.initdb, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C', LANG: 'C' },
      ...(o.runAs ?? {}),
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    if (code !== 0) throw new Error(`initdb failed (exit ${code}):\n${output.slice(-2000)}`);
    // An empty folder may stand where the cluster goes (made by hand); anything else stops the rename.
    if (fs.existsSync(o.dir)) {
      if (fs.readdirSync(o.dir).length > 0)
        throw new Error(`${o.dir} is not a PostgreSQL cluster: move it away`);
      fs.rmdirSync(o.dir);
    }
    fs.renameSync(target, o.dir);
  } finally {
    fs.rmSync(target, { recursive: true, force: true });
    fs.rmSync(pwfile, { force: true });
  }
}
